/**
 * A pasted tool registration, beside the Tool field: the tools the schema source registered (a picker when
 * there are several, its choice kept in the case's `registered`) and the picked tool's description.
 */
import { DEFAULT_TOOL } from '../../engine/case.ts';
import type { Registration } from '../../engine/report.ts';
import { usePlayground, useServices } from '../storeContext.ts';

/** What the last report says the schema source registers, or null. */
export function useRegistration(): Registration | null {
  return usePlayground((s) => s.report?.registration ?? null);
}

/** True when the user has not named the tool (the engine then names it after the registered one): empty or the default. */
export function toolUnset(tool: string): boolean {
  const name = tool.trim();
  return name === '' || name === DEFAULT_TOOL;
}

/** The picker over the registered tools, when there are several. */
export function RegisteredPicker({ registration }: { registration: Registration }) {
  const { store } = useServices();
  if (registration.tools.length < 2) return null;
  return (
    <select
      aria-label="Registered tool"
      title="The paste registers several tools: the one this case checks"
      data-testid="registered-picker"
      value={registration.picked}
      onChange={(e) => store.getState().setField('registered', e.target.value)}
    >
      {registration.tools.map((t) => (
        <option key={t.name} value={t.name}>
          {t.name}
        </option>
      ))}
    </select>
  );
}

/** The picked tool's description, as the registration gives it. */
export function ToolDescription({ registration }: { registration: Registration }) {
  const description = registration.tools.find((t) => t.name === registration.picked)?.description;
  if (!description) return null;
  return (
    <p className="message tool-note tool-description" data-testid="tool-description" title={description}>
      {description}
    </p>
  );
}
