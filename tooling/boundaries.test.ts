import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));

// The project's own lint configuration, without the type-aware rules (they need files on disk
// in a TypeScript project; these probes exist only as text).
const eslint = new ESLint({
  cwd: repo,
  cache: false,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies',
});

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repo}${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('the lint rule for boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors('pwa/src/features/life/probe.ts', "export { AccountView } from '../account/components/account-view';\n");
    expect(errors).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"feature:account".*"feature:life"/)]);
  });

  it('lets a feature import its own files, shared pieces and core', async () => {
    const source = [
      "export { LifeChart } from './life-chart';",
      "export { Button } from '../../components/ui/button';",
      "export { paths } from '../../../core/paths';",
    ].join('\n');
    expect(await boundaryErrors('pwa/src/features/life/probe.ts', source)).toEqual([]);
  });

  it('refuses shared components importing a feature', async () => {
    const errors = await boundaryErrors('pwa/src/components/ui/probe.ts', "export { AccountView } from '../../features/account/components/account-view';\n");
    expect(errors).toHaveLength(1);
  });

  it('keeps core free of the app and the server', async () => {
    expect(await boundaryErrors('pwa/core/probe.ts', "export { CONTACT_EMAIL } from '../src/lib/contact';\n")).toHaveLength(1);
    expect(await boundaryErrors('pwa/core/probe.ts', "export { createApp } from '../../sync-server/src/app';\n")).toHaveLength(1);
  });

  it('keeps the server out of the app, while it may import core', async () => {
    expect(await boundaryErrors('sync-server/src/probe.ts', "export { CONTACT_EMAIL } from '../../pwa/src/lib/contact';\n")).toHaveLength(1);
    expect(await boundaryErrors('sync-server/src/probe.ts', "export { paths } from '../../pwa/core/paths';\n")).toEqual([]);
  });

  it('lets the app compose features', async () => {
    expect(await boundaryErrors('pwa/src/app/routes/probe.ts', "export { AccountView } from '../../features/account/components/account-view';\n")).toEqual([]);
  });
});
