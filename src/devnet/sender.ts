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

const DEPLOY_GAS = 12_000_000n
const CALL_GAS = 3_000_000n

/**
 * Sends transactions from an anvil-unlocked account with explicit nonces and fixed gas,
 * without waiting for each receipt: anvil mines them in nonce order, so dependent calls can be
 * queued back to back. `settle()` then waits for all of them and fails on the first revert.
 * Explicit nonces also make every deployed address the same on every start.
 */
export class Sender {
  readonly client: PublicClient
  private nonce: number
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

  /** Waits until every queued transaction is mined; throws naming the first one that reverted. */
  async settle(): Promise<void> {
    const batch = this.sent
    this.sent = []
    const last = batch.at(-1)
    if (last === undefined) return
    await this.client.waitForTransactionReceipt({ hash: last.hash, pollingInterval: 20 })
    const receipts = await Promise.all(batch.map((t) => this.client.getTransactionReceipt({ hash: t.hash })))
    receipts.forEach((r, i) => {
      if (r.status !== 'success') throw new Error(`devnet: transaction "${batch[i]?.label}" reverted (${r.transactionHash})`)
    })
  }
}
