import { buildBasePapers, readDumpsDir } from '../src/lib/pipeline';
import { enrichPapers } from '../src/lib/enrich/enrich';
import { loadTaxonomy } from '../src/lib/enrich/taxonomy';
const base = buildBasePapers(readDumpsDir('.bench/dumps-5000'));
const taxonomy = loadTaxonomy('content/taxonomy.yaml');
const t = performance.now();
let tv = 0;
enrichPapers(base.papers, taxonomy, { vectors: () => { tv = performance.now(); } , progress: undefined});
console.log('enrich', ((performance.now() - t) / 1000).toFixed(1), 's; vectors at', ((tv - t)/1000).toFixed(1));
