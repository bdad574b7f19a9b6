/**
 * Figures that decided a choice in the code, measured once, when the choice was made, by a run of
 * this bench (the runs are in the git history of BENCHMARKS.md); the comments at those places
 * say why and point here. A run does not measure them again: the report prints them as they were.
 */
export const designFigures: readonly { where: string; choice: string; figure: string }[] = [
  {
    where: 'src/schema/address.ts',
    choice: 'request-time checksums through a plain map, not viem’s LRU',
    figure: 'about 3 µs per read with the addresses of a large registry in viem’s LRU, five reads a build',
  },
  {
    where: 'src/metrics/SeriesHistogram.ts',
    choice: 'histogram series found once, observed without label work',
    figure: 'prom-client’s label check and hash: about 1.5 µs an observation, the largest step of a kept read',
  },
  {
    where: 'src/api/rate-limit/clientAddress.ts',
    choice: 'the client address named once per connection and X-Forwarded-For',
    figure: 'naming an IPv6 address: 7–10 µs a request',
  },
  {
    where: 'src/chain/rpc/requestScope.ts',
    choice: 'the request scope passed explicitly, not in an AsyncLocalStorage',
    figure: 'the storage’s async hooks: 15–30 µs of a deposit build’s 185–225 µs of CPU, side by side on Node 20',
  },
  {
    where: 'src/chain/rpc/callBatches.ts',
    choice: 'at most 16 calls a JSON-RPC batch',
    figure:
      'with 16 builds in flight, the machine idle about 270 µs a build with batches of up to 100 calls against 190 µs with 16 (85 µs forwarding each build’s own batch)',
  },
  {
    where: 'src/chain/multicall3Codec.ts',
    choice: 'aggregate3 call data written by hand (the tests hold it equal to viem’s)',
    figure: 'about 40 µs less a position read, about 13 ms less a snapshot chunk of 1,500 reads',
  },
  {
    where: 'src/chain/simulateGas.ts',
    choice: 'eth_simulateV1 asked directly, not through viem’s simulateBlocks',
    figure: 'formatting every simulated block and log: about a tenth of a build’s CPU',
  },
  {
    where: 'src/chain/createChainClients.ts',
    choice: 'viem’s client made on first use',
    figure: 'about 100 µs to make one',
  },
]
