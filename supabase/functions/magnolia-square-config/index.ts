// Card form configuration: the answer of _shared/card-config.ts (the supper club's name for square-config, as the spec calls it).
import { handler } from '../_shared/http.ts';
import { cardConfigAnswer } from '../_shared/card-config.ts';

Deno.serve(handler(cardConfigAnswer));
