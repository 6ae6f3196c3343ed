import { ToolsIndex } from '../../features/site/components/tools-index';

export function Component() {
  return <ToolsIndex />;
}
