import { ToolsIndex } from '../../features/site/tools-index';

export function Component() {
  return <ToolsIndex />;
}
