/**
 * The longest text the contract accepts for a field of the report's extended data, by the field's
 * path in a step form (`certificateRegistryId`, `monitoringDetails.principalInspectorId`,
 * `rfmoIuuListing.0.flagstateStatus`). A field lets the inspector type no more than the server
 * stores: a longer text was accepted on screen and refused whole when the inspection was finished.
 */
import type { z } from 'zod';
import { extendedPir, extendedVessel } from './entities';

type Node = z.ZodType & { shape?: Record<string, z.ZodType>; element?: z.ZodType; unwrap?: () => z.ZodType; maxLength?: number | null };

function limitIn(schema: z.ZodType, parts: string[]): number | undefined {
  let node = schema as Node;
  for (const part of parts) {
    while (node.unwrap && !node.shape && !node.element) node = node.unwrap() as Node;
    if (/^\d+$/.test(part)) {
      if (!node.element) return undefined;
      node = node.element as Node;
      continue;
    }
    const next = node.shape?.[part];
    if (!next) return undefined;
    node = next as Node;
  }
  while (node.unwrap && node.maxLength === undefined) node = node.unwrap() as Node;
  return typeof node.maxLength === 'number' ? node.maxLength : undefined;
}

export function textLimit(path: string): number | undefined {
  const parts = path.split('.');
  return limitIn(extendedVessel, parts) ?? limitIn(extendedPir, parts);
}
