import { useMutation } from '@tanstack/react-query';
import { inspectImage } from './inspect-image';
import { inspectPayload } from './inspect-payload';

export type InspectInput = { payload: string } | { file: File };

/** One reading of a QR, pasted or in a picture; nothing is cached (the bank's answer is "now"). */
export function useInspectQr() {
  return useMutation({
    mutationFn: (input: InspectInput) => ('file' in input ? inspectImage(input.file) : inspectPayload(input.payload)),
  });
}
