import { inject } from 'vitest';
import type { StackInfo } from '../../stack/stack.ts';

/** The running test stack's URLs and keys (started once by global-setup.ts). */
export function stackEnv(): StackInfo {
  return inject('stack');
}
