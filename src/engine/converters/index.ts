/** The converter registry: adding a converter is one file, one line in contract/catalog.ts and one line here. */
import { CONVERTER_IDS } from '../contract/catalog.ts';
import type { Converter, ConverterRegistry } from '../types.ts';
import { zodConverter } from './zod.ts';
import { mcpSdkV1Converter } from './mcp-sdk-v1.ts';
import { mcpSdkV2Converter } from './mcp-sdk-v2.ts';
import { wireTruthfulConverter } from './wire-truthful.ts';
import { frontmcpConverter } from './frontmcp.ts';
import { lenientOutputConverter } from './lenient-output.ts';

/** Each catalog id's converter (a missing, extra or mismatched entry fails the compiler). */
export const CONVERTER_REGISTRY: ConverterRegistry = {
  zod: zodConverter,
  'mcp-sdk-v1': mcpSdkV1Converter,
  'mcp-sdk-v2': mcpSdkV2Converter,
  'wire-truthful': wireTruthfulConverter,
  frontmcp: frontmcpConverter,
  'lenient-output': lenientOutputConverter,
};

/** The converters in the catalog's (display) order. */
export const CONVERTERS: readonly Converter[] = CONVERTER_IDS.map((id) => CONVERTER_REGISTRY[id]);
