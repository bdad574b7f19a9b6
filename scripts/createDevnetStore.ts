// `npm install` (prepare): creates the devnet's embedded store (DEVNET_DATA_DIR), so the first
// `npm start` opens it instead of spending seconds creating it.
import { loadConfig } from '../src/config/index.js'
import { createDataDir } from '../src/store/index.js'

const started = performance.now()
const { dataDir } = loadConfig(process.env).devnet
if (await createDataDir(dataDir)) process.stdout.write(`devnet store: created ${dataDir} in ${Math.round(performance.now() - started)} ms\n`)
