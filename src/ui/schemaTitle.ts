/** The schema editor's title: "Zod schema", or the schema library the source imports ("Valibot schema"). */
import { LIBRARY_CATALOG, vendorsIn } from '../engine/libs/catalog.ts';
import { tokenize } from '../engine/load/scan.ts';

export function schemaTitle(source: string): string {
  // Most sources import zod alone: they are tokenized only when a library's specifier appears in them at all.
  if (!LIBRARY_CATALOG.some((l) => l.specifiers.some((s) => source.includes(s)))) return 'Zod schema';
  const [vendor] = vendorsIn(tokenize(source));
  return `${LIBRARY_CATALOG.find((l) => l.vendor === vendor)?.label ?? 'Zod'} schema`;
}
