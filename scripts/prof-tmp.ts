import { readFileSync } from 'node:fs';
import { toPlainText } from '../src/lib/ingest/plaintext';
import { normalizeAbstract } from '../src/lib/ingest/normalize';
import { splitSentences } from '../src/lib/text/sentences';
import { tagSentence } from '../src/lib/text/nlp';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
const nlp = winkNLP(model, ['sbd','pos']);
const rows = readFileSync('/work/shared/dev/real-titles.jsonl','utf8').trim().split('\n').map(l=>JSON.parse(l));
const texts = rows.map(r=>toPlainText(normalizeAbstract([r.abstract])));
for (let k=0;k<2;k++){
let t=performance.now(); const ss = texts.map(x=>splitSentences(x)); console.log('split', (performance.now()-t)/texts.length);
t=performance.now(); for (const s of ss) for (const x of s) tagSentence(x); console.log('tagSentence', (performance.now()-t)/texts.length);
t=performance.now(); for (const s of ss) for (const x of s) nlp.readDoc(x); console.log('readDoc per sentence', (performance.now()-t)/texts.length);
t=performance.now(); for (const x of texts) { const d = nlp.readDoc(x); d.tokens().out(nlp.its.pos); d.sentences().out(); } console.log('readDoc whole', (performance.now()-t)/texts.length);
}
