/**
 * zod/mini carries no messages of its own: this gives it the English ones classic zod configures
 * when it loads, so a caller reads `Too big: expected string to have <=256 characters`, not
 * `Invalid input`. Imported, for its effect, by every module that parses input.
 */

import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());
