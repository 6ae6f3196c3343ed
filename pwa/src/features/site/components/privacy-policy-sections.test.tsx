import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_KEEP_DAYS } from '#core/schemas/analytics';
import { PrivacyPolicySections } from './privacy-policy-sections';

describe('the privacy policy', () => {
  it("states how long analytics events are kept, as the server's housekeeping deletes them", () => {
    render(
      <MemoryRouter>
        <PrivacyPolicySections />
      </MemoryRouter>,
    );
    expect(screen.getByText(new RegExp(`deletes each\\s+one ${ANALYTICS_KEEP_DAYS} days after it was recorded`))).toBeTruthy();
  });
});
