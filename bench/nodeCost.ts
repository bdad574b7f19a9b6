/**
 * What the chain layer costs at the node: round trips per endpoint (counted by the test proxy in
 * front of a devnet chain) and tx build latency with 50 ms added to every node round trip,
 * against the node's own `eth_estimateGas` through the same proxy (the ceiling: a build cannot
 * be cheaper than the estimate a wallet would make itself).
 */
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, maxUint256, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beefyVaultAbi } from '../contracts/artifacts/index.js'
import { type DevnetManifest, minedReceipt } from '../src/devnet/index.js'
import { quantileOf, type Row } from './load.js'
import { proxiedService } from './proxiedService.js'

const CHAIN = 56
const LATENCY_MS = 50
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60)

async function timings(samples: number, run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = []
  for (let index = 0; index < samples; index++) {
    const startedAt = performance.now()
    await run()
    ms.push(performance.now() - startedAt)
  }
  ms.sort((a, b) => a - b)
  return { p50: quantileOf(ms, 0.5), p99: quantileOf(ms, 0.99) }
}

/** Prints the round trips of each endpoint; the deposit build's latency against the raw estimate, as a row of the table. */
export async function benchNodeCost(manifest: DevnetManifest): Promise<Row> {
  const devnetChain = manifest.chains[String(CHAIN)]!
  const service = await proxiedService(manifest, CHAIN)
  const { proxy } = service
  const dev = devnetChain.accounts[2]!
  const user = dev.address as Address
  const vault = devnetChain.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.zap)!
  const pool = devnetChain.rewardPools[0]!
  // Allowances in place, as for a returning user.
  const wallet = createWalletClient({ account: privateKeyToAccount(dev.privateKey as `0x${string}`), transport: http(devnetChain.rpcUrl) })
  for (const [token, spender] of [
    [vault.want, vault.address],
    [pool.stakingTokens[0]!, pool.address],
    [vault.zapTokenIn!, vault.zap!],
  ] as const)
    await wallet.sendTransaction({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
      gas: 100_000n,
      chain: null,
    })
  // A deposit to withdraw from (gas fixed: a farm accrues per block, an estimate may fall short).
  const deposit = await wallet.sendTransaction({
    to: vault.address,
    data: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'deposit', args: [parseUnits('10', 18)] }),
    gas: 1_000_000n,
    chain: null,
  })
  await minedReceipt(createPublicClient({ transport: http(devnetChain.rpcUrl) }), deposit)

  const post = service.post
  const who = { user, chainId: CHAIN }
  const amount = parseUnits('1', 18).toString()
  const endpoints: [string, string, object][] = [
    ['Y1 deposit (allowance given)', `/yield/${vault.address}/tx/deposit`, { ...who, amount }],
    ['Y2 deposit-all', `/yield/${vault.address}/tx/deposit-all`, who],
    ['Y3 zap-in (allowance given)', `/yield/${vault.address}/tx/zap-in`, { ...who, tokenInAmount: amount, yieldZapAddress: vault.zap, slippage: 1 }],
    ['Y4 zap-in-bnb', `/yield/${vault.address}/tx/zap-in-bnb`, { ...who, tokenInAmount: amount, yieldZapAddress: vault.zap, slippage: 1 }],
    ['Y5 withdraw by ibtAmount', `/yield/${vault.address}/tx/withdraw`, { ...who, ibtAmount: '1000' }],
    ['Y5 withdraw by tokenAmount (0.1 % strategy fee)', `/yield/${vault.address}/tx/withdraw`, { ...who, tokenAmount: '1000000' }],
    ['Y6 withdraw-all', `/yield/${vault.address}/tx/withdraw-all`, who],
    ['Y7 harvest', `/yield/${vault.strategy}/tx/harvest`, who],
    ['Y8 user-deposited', `/yield/${vault.address}/call/user-deposited`, who],
    ['Y9 pending-fees', `/yield/${vault.strategy}/call/pending-fees`, { chainId: CHAIN }],
    ['P1 stake (allowance given)', `/pool/${pool.address}/0/tx/stake`, { ...who, amount }],
    ['P2 unstake (a 422 when nothing is staked costs the same)', `/pool/${pool.address}/0/tx/unstake`, { ...who, amount: '1' }],
    ['P3 claim', `/pool/${pool.address}/0/tx/claim`, who],
    ['P4 user-staked', `/pool/${pool.address}/0/call/user-staked`, who],
    ['P5 pending-rewards', `/pool/${pool.address}/0/call/pending-rewards`, who],
  ]
  await post(endpoints[13]![1], endpoints[13]![2]) // static facts of the pool, read once per process
  console.log(`\nnode round trips per request (chain ${CHAIN}, counted at the node)`)
  for (const [name, path, body] of endpoints) {
    proxy.reset()
    const status = await post(path, body)
    console.log(`  ${name.padEnd(50)} ${String(proxy.roundTrips()).padStart(2)}  (${proxy.calls().join(', ')}; HTTP ${status})`)
  }

  proxy.set({ latencyMs: LATENCY_MS })
  const estimateBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_estimateGas',
    params: [{ from: user, to: vault.address, data: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'deposit', args: [BigInt(amount)] }) }, 'pending'],
  })
  const raw = await timings(SAMPLES, async () => {
    await (await fetch(proxy.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: estimateBody })).arrayBuffer()
  })
  const build = await timings(SAMPLES, async () => {
    if ((await post(endpoints[0]![1], endpoints[0]![2])) !== 200) throw new Error('deposit build failed')
  })
  await service.close()
  const over = build.p50 - raw.p50
  return {
    figure: `Y1 deposit build, allowance given, ${LATENCY_MS} ms added to each node round trip (${SAMPLES} sequential)`,
    value: `p50 ${build.p50.toFixed(1)} ms, p99 ${build.p99.toFixed(1)} ms`,
    ceiling: `raw eth_estimateGas through the same proxy: p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`,
    ratio: (raw.p50 / build.p50).toFixed(2),
    target: 'p50 ≤ ceiling + 10 ms',
    met: over <= 10,
    limit: `p50 ${over.toFixed(1)} ms over the node's own estimate`,
  }
}
