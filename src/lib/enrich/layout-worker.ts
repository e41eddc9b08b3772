/**
 * The thread that lays out the map (`ingestDumpsInParallel`): it loads only the layout code, not
 * the language model and the derive heap a derive helper carries (~300 MB at 20,000 abstracts,
 * docs/ingest.md), and ends once it has sent the layout.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { projectVectors } from './projection';
import type { UnitVector } from './similar';

parentPort?.postMessage(projectVectors((workerData as { vectors: UnitVector[] }).vectors));
