import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait for what the person would see; the default second ran out on 2 busy
// cores while a lazily loaded part was still arriving. They return as soon as it shows.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
