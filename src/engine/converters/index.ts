/** The converter registry: adding a converter is one file plus one line here. Order is display order. */
import type { Converter } from '../types.ts';
import { zodConverter } from './zod.ts';
import { mcpSdkV1Converter } from './mcp-sdk-v1.ts';
import { mcpSdkV2Converter } from './mcp-sdk-v2.ts';
import { wireTruthfulConverter } from './wire-truthful.ts';
import { frontmcpConverter } from './frontmcp.ts';
import { lenientOutputConverter } from './lenient-output.ts';

export const CONVERTERS: readonly Converter[] = [
  zodConverter,
  mcpSdkV1Converter,
  mcpSdkV2Converter,
  wireTruthfulConverter,
  frontmcpConverter,
  lenientOutputConverter,
];
