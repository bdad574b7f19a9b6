import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  WaitForTransactionReceiptTimeoutError,
  type Chain,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { demoTokenAbi, uniswapV2PairAbi, uniswapV2Router02Abi, weth9Abi } from '../contracts/artifacts/index.js'
import { type DevnetChainManifest, type DevnetManifest, minedReceipt } from '../src/devnet/index.js'
import type { RegistryFile } from '../src/registry/index.js'
import { whyReverted } from './whyReverted.js'

/** The manifest of the devnet test/globalSetup.ts started for this file's worker slot: no file running beside it uses its chains. */
export function devnet(): DevnetManifest {
  const devnets = inject('devnets')
  const slot = Number(process.env.VITEST_POOL_ID ?? 1)
  const manifest = devnets[slot - 1]
  if (manifest === undefined) throw new Error(`no devnet for worker slot ${slot}: test/globalSetup.ts started ${devnets.length}`)
  return manifest
}

/** One chain of the devnet; throws on a chain id it does not run. */
export function devnetChain(chainId: number): DevnetChainManifest {
  const chain = devnet().chains[String(chainId)]
  if (chain === undefined) throw new Error(`devnet runs no chain ${chainId}`)
  return chain
}

const chains = new Map<number, Chain>()

/** viem chain definition of a devnet chain, with its Multicall3 so reads batch. */
export function chainFor(chainId: number): Chain {
  let chain = chains.get(chainId)
  if (chain === undefined) {
    const c = devnetChain(chainId)
    chain = defineChain({
      id: chainId,
      name: `devnet ${chainId}`,
      nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
      contracts: { multicall3: { address: c.multicall3 } },
    })
    chains.set(chainId, chain)
  }
  return chain
}

/** Public client for a devnet chain (polls fast: anvil automines). */
export function publicClientFor(chainId: number) {
  return createPublicClient({ chain: chainFor(chainId), transport: http(), pollingInterval: 50 })
}

/** Wallet client signing locally with `account`. */
/** `owner`'s balance of the ERC-20 `token` on devnet chain `chainId`, now. */
export function tokenBalance(chainId: number, token: Address, owner: Address): Promise<bigint> {
  return publicClientFor(chainId).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

export function walletClientFor(chainId: number, account: PrivateKeyAccount) {
  return createWalletClient({ chain: chainFor(chainId), transport: http(), account, pollingInterval: 50 })
}

/** Mines `blocks` empty blocks. */
export async function mine(chainId: number, blocks: number): Promise<void> {
  await publicClientFor(chainId).request({ method: 'anvil_mine', params: [toHex(blocks)] } as never)
}

/** Units of every token a funded account receives (times 10^decimals). */
const TOKEN_UNITS = 10_000_000n
const WRAPPED_UNITS = 100_000n
/** Share of each pair's reserves a funded account adds as liquidity. */
const LP_RESERVE_DIVISOR = 1_000n

export type FundedAccount = { account: PrivateKeyAccount; privateKey: Hex; address: Address }

/**
 * A fresh random account on `chainId` holding native coin, every demo token and stable (minted
 * through the faucet), wrapped native and every LP token. Everything is sent from the account
 * itself, so test files running in parallel never share a nonce.
 */
export async function fundedAccount(chainId: number): Promise<FundedAccount> {
  const c = devnetChain(chainId)
  const privateKey = generatePrivateKey()
  const account = privateKeyToAccount(privateKey)
  const pub = publicClientFor(chainId)
  const wallet = walletClientFor(chainId, account)
  await pub.request({ method: 'anvil_setBalance', params: [account.address, toHex(parseEther('10000000'))] } as never)

  const send = (hash: Promise<Hex>) => confirm(chainId, hash)
  for (const token of Object.values(c.tokens)) {
    if (token === c.wrappedNative) {
      await send(wallet.writeContract({ address: token, abi: weth9Abi, functionName: 'deposit', value: parseEther(WRAPPED_UNITS.toString()), gas: TX_GAS }))
    } else {
      const decimals = await pub.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
      await send(
        wallet.writeContract({
          address: token,
          abi: demoTokenAbi,
          functionName: 'mint',
          args: [account.address, TOKEN_UNITS * 10n ** BigInt(decimals)],
          gas: TX_GAS,
        }),
      )
    }
    await send(wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [c.uniswap.router, maxUint256], gas: TX_GAS }))
  }
  for (const pair of c.pairs) {
    const [reserve0, reserve1] = await pub.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    await send(
      wallet.writeContract({
        address: c.uniswap.router,
        abi: uniswapV2Router02Abi,
        functionName: 'addLiquidity',
        args: [pair.token0, pair.token1, reserve0 / LP_RESERVE_DIVISOR, reserve1 / LP_RESERVE_DIVISOR, 0n, 0n, account.address, maxUint256],
        // A pair's price accumulators are written once per block: the estimate may miss them.
        gas: TX_GAS,
      }),
    )
  }
  return { account, privateKey, address: account.address }
}

/**
 * Gas limit for test transactions whose cost depends on the block they land in (farm and pool
 * accumulators update once per block, a harvest with nothing accrued returns early). anvil
 * estimates against the latest block, so an estimate can fall short in the next one.
 */
export const TX_GAS = 3_000_000n

/** Waits for a transaction on a devnet chain and fails on a revert, saying why; returns the receipt. */
export function confirm(chainId: number, hash: Hex | Promise<Hex>) {
  return confirmOn(publicClientFor(chainId), hash)
}

/**
 * How long a receipt is waited for, ms: a devnet mines a transaction at once, so one not mined by
 * then names itself (a test's own timeout would name no step).
 */
const RECEIPT_TIMEOUT_MS = 30_000

/** `confirm` on the chain of `client` (a test's own chain, say). */
export async function confirmOn(client: PublicClient, hash: Hex | Promise<Hex>) {
  const sent = await hash
  const receipt = await minedReceipt(client, sent, RECEIPT_TIMEOUT_MS).catch(async (error: unknown) => {
    if (!(error instanceof WaitForTransactionReceiptTimeoutError)) throw error
    throw new Error(`transaction ${sent} on chain ${client.chain?.id} not mined within ${RECEIPT_TIMEOUT_MS} ms (${await whyPending(client, sent)})`, {
      cause: error,
    })
  })
  if (receipt.status !== 'success')
    throw new Error(`transaction ${receipt.transactionHash} on chain ${client.chain?.id} reverted: ${await whyReverted(client, receipt.transactionHash)}`)
  return receipt
}

/**
 * What the node says of a transaction it did not mine: whether it knows it, its nonce against its
 * sender's next, its fee cap against the head's base fee, and whether the node mines on each
 * transaction; what would tell a nonce gap, a fee below the base fee and a chain left unmined apart.
 */
async function whyPending(client: PublicClient, hash: Hex): Promise<string> {
  try {
    const transaction = await client.getTransaction({ hash })
    const [next, head, automine] = await Promise.all([
      client.getTransactionCount({ address: transaction.from, blockTag: 'latest' }),
      client.getBlock({ blockTag: 'latest' }),
      client.request({ method: 'anvil_getAutomine' } as never).catch(() => 'unknown'),
    ])
    return [
      `block ${transaction.blockNumber ?? 'none'}`,
      `nonce ${transaction.nonce}, the sender's next ${next}`,
      `fee cap ${transaction.maxFeePerGas ?? transaction.gasPrice} against the head's base fee ${head.baseFeePerGas} at block ${head.number}`,
      `automine ${automine}`,
    ].join('; ')
  } catch (error) {
    return `the node did not say: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
  }
}

/** Deploys a contract from `account` and returns its address once mined. */
export async function deploy<const abi extends Abi | readonly unknown[]>(
  chainId: number,
  account: PrivateKeyAccount,
  params: { abi: abi; bytecode: Hex; args?: readonly unknown[] },
): Promise<Address> {
  const wallet = walletClientFor(chainId, account)
  const receipt = await confirm(chainId, wallet.deployContract(params as never))
  if (!receipt.contractAddress) throw new Error('deployment without contract address')
  return getAddress(receipt.contractAddress)
}

/**
 * The custom error a call reverts with, decoded by viem from the contract ABI, e.g.
 * `{ errorName: 'UnstakeLocked', args: [123n] }`. Throws if the call does not revert.
 */
export async function revertOf(call: Promise<unknown>): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await call
  } catch (err) {
    if (err instanceof BaseError) {
      const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError)
      if (reverted instanceof ContractFunctionRevertedError && reverted.data !== undefined) {
        return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] }
      }
    }
    throw err
  }
  throw new Error('expected the call to revert, it succeeded')
}

/** `file` without its MasterChef reward pools: what a cold read costs without their dependent stake reads. */
export function withoutMasterChefs(file: RegistryFile): RegistryFile {
  const chains = Object.entries(file.chains).map(([chainId, chain]) => [
    chainId,
    { ...chain, rewardPools: chain.rewardPools?.filter((pool) => pool.kind !== 'masterchef') },
  ])
  return { ...file, chains: Object.fromEntries(chains) }
}

/**
 * What `work` gives, with the head it ran at: tried again (up to 10 times) until no block came in
 * during it, for a test that checks an answer against the head (other test files mine on shared chains).
 */
export async function atQuietHead<T>(client: PublicClient, work: () => Promise<T>): Promise<{ result: T; head: bigint }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const head = await client.getBlockNumber({ cacheTime: 0 })
    const result = await work()
    if (head === (await client.getBlockNumber({ cacheTime: 0 }))) return { result, head }
  }
  throw new Error('a block came in during every one of 10 tries')
}
