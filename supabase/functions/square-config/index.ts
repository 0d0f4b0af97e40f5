// Card form configuration: the answer of _shared/card-config.ts.
import { handler } from '../_shared/http.ts';
import { cardConfigAnswer } from '../_shared/card-config.ts';

Deno.serve(handler(cardConfigAnswer));
