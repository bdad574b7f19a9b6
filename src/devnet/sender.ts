import {
  type Abi,
  type Address,
  type ContractFunctionName,
  type EncodeDeployDataParameters,
  type EncodeFunctionDataParameters,
  type Hash,
  type Hex,
  type PublicClient,
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  numberToHex,
} from 'viem'
import { minedReceipt } from './minedReceipt.js'

const DEPLOY_GAS = 12_000_000n
const CALL_GAS = 3_000_000n
/** How long `settle()` waits for the last receipt, ms: viem's own wait gave up after 180 s. */
const SETTLE_TIMEOUT_MS = 180_000

/**
 * Sends transactions from an anvil-unlocked account with explicit nonces and fixed gas,
 * without waiting for each receipt: anvil mines them in nonce order, so dependent calls can be
 * queued back to back. `settle()` then waits for all of them and fails on the first revert.
 * Explicit nonces also make every deployed address the same on every start.
 * With anvil's automine off (`setAutomine(false)`), `settle()` first mines what is queued: as
 * few blocks as the gas limit allows instead of one per transaction, since anvil's cost is per
 * block (keeping each block's state for later reads).
 */
export class Sender {
  readonly client: PublicClient
  private nonce: number
  private manual = false
  private sent: { label: string; hash: Hash }[] = []

  constructor(
    rpcUrl: string,
    readonly from: Address,
    firstNonce = 0,
  ) {
    this.nonce = firstNonce
    this.client = createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 200, wait: 0 } }) })
  }

  /** Raw JSON-RPC with methods outside viem's public schema (anvil_*, eth_sendTransaction). */
  rpc(method: string, params: unknown[]): Promise<unknown> {
    return (this.client.request as (a: { method: string; params: unknown[] }) => Promise<unknown>)({ method, params })
  }

  /** Queues a contract creation; returns the address it will have. */
  async deploy<const abi extends Abi | readonly unknown[]>(label: string, params: EncodeDeployDataParameters<abi>): Promise<Address> {
    const address = getContractAddress({ from: this.from, nonce: BigInt(this.nonce) })
    await this.send(label, undefined, encodeDeployData(params), 0n, DEPLOY_GAS)
    return address
  }

  /** Queues a contract call, optionally with native value (wei). */
  async call<const abi extends Abi | readonly unknown[], fn extends ContractFunctionName<abi>>(
    label: string,
    to: Address,
    params: EncodeFunctionDataParameters<abi, fn>,
    value = 0n,
  ): Promise<void> {
    await this.send(label, to, encodeFunctionData(params as EncodeFunctionDataParameters), value, CALL_GAS)
  }

  private async send(label: string, to: Address | undefined, data: Hex, value: bigint, gas: bigint): Promise<void> {
    const tx = { from: this.from, to, data, value: numberToHex(value), gas: numberToHex(gas), nonce: numberToHex(this.nonce) }
    this.nonce += 1
    const hash = (await this.rpc('eth_sendTransaction', [tx])) as Hash
    this.sent.push({ label, hash })
  }

  /** Transactions anvil's pool holds, not mined yet. */
  private async queued(): Promise<number> {
    return Number(((await this.rpc('txpool_status', [])) as { pending: Hex }).pending)
  }

  /** Turns anvil's automine on or off for the whole chain (every sender's transactions). */
  async setAutomine(on: boolean): Promise<void> {
    await this.rpc('evm_setAutomine', [on])
    this.manual = !on
  }

  /** Mines blocks until anvil's pool is empty, at least one; the first at `timestamp` (seconds) when given. */
  async mineQueued(timestamp?: number): Promise<void> {
    if (timestamp !== undefined) await this.rpc('evm_setNextBlockTimestamp', [numberToHex(timestamp)])
    do await this.rpc('evm_mine', [])
    while ((await this.queued()) > 0)
  }

  /** Waits until every queued transaction is mined (mining what anvil's pool holds without automine); throws naming the first one that reverted. */
  async settle(): Promise<void> {
    if (this.manual && (await this.queued()) > 0) await this.mineQueued()
    const batch = this.sent
    this.sent = []
    const last = batch.at(-1)
    if (last === undefined) return
    await minedReceipt(this.client, last.hash, SETTLE_TIMEOUT_MS)
    const receipts = await Promise.all(batch.map((t) => this.client.getTransactionReceipt({ hash: t.hash })))
    receipts.forEach((r, i) => {
      if (r.status !== 'success') throw new Error(`devnet: transaction "${batch[i]?.label}" reverted (${r.transactionHash})`)
    })
  }
}

/** A Sender for `from` on `rpcUrl` that goes on from the account's pending nonce (a chain deployed or laid before). */
export async function senderAt(rpcUrl: string, from: Address): Promise<Sender> {
  const nonce = await createPublicClient({ transport: http(rpcUrl) }).getTransactionCount({ address: from, blockTag: 'pending' })
  return new Sender(rpcUrl, from, nonce)
}
