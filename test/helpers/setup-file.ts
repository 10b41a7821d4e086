import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

// Runs before each test file (vitest `setupFiles`): its temp folders go when it ends.
afterAll(removeTempDirs);
