import { createWalletClient, type Hex, http, parseGwei, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { post } from '../../../test/app.js'
import { startOwnChain, type OwnChain } from '../../../test/ownChain.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import type { TxDescriptor } from '../../schema/index.js'

/**
 * A descriptor a wallet sends as it is: `walletClient.sendTransaction(descriptor)` from a
 * JSON-RPC account (a browser wallet), nothing converted or added, is mined as an EIP-1559 transaction at the fees the answer suggested, also
 * in the block right after the base fee jumped far beyond what one block's rule allows. On a chain
 * without a base fee, it carries the node's gas price and is mined as a legacy transaction at it.
 */
const CHAIN = 31_459
/** A chain without EIP-1559: every block's base fee is 0, as before London. */
const LEGACY_CHAIN = 31_462

describe('descriptors a wallet sends as they are', () => {
  let own: OwnChain
  let service: RefresherApp
  const user = () => privateKeyToAccount(own.manifest.accounts[3]!.privateKey as Hex)
  // A JSON-RPC account, as a dApp's browser wallet is: the node (anvil's unlocked dev account) signs.
  const wallet = () => createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: user().address })
  const vault = () => own.manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    service = await refresherApp({ chains: [own.chainConfig], registry: own.registry })
  }, 60_000)
  afterAll(async () => {
    await service?.close()
    await own?.stop()
  })

  /** Sends every step of `tx` exactly as served; each is mined as type 2 at the step's own suggested fees. */
  async function sendAsServed(tx: TxDescriptor) {
    for (const step of [...(tx.approvals ?? []), tx]) {
      expect(step).toMatchObject({ type: 'eip1559', maxFeePerGas: expect.any(String), maxPriorityFeePerGas: expect.any(String) })
      // The answer's JSON, as a dApp gets it: viem reads the decimal strings.
      const hash = await wallet().sendTransaction(step as never)
      const receipt = await own.client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.type).toBe('eip1559')
      const sent = await own.client.getTransaction({ hash })
      expect(sent.maxFeePerGas).toBe(BigInt(step.maxFeePerGas!))
      expect(sent.maxPriorityFeePerGas).toBe(BigInt(step.maxPriorityFeePerGas!))
      expect(sent.gas).toBe(BigInt(step.gas))
    }
  }

  const deposit = async (amount: string) => {
    const answer = await post(service.app, `/yield/${vault().address}/tx/deposit`, { user: user().address, amount, chainId: CHAIN })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer as { body: TxDescriptor; headers: Record<string, unknown> }
  }

  it('a deposit and its approval, sent by viem exactly as served, are mined as type 2 at the suggested fees, with no nested fees object', async () => {
    const { body } = await deposit(parseUnits('0.001', 18).toString())
    expect(body.approvals).toHaveLength(1)
    expect(body).not.toHaveProperty('fees')
    await sendAsServed(body)
  })

  it('right after a harvest settled the farm in the head block, a deposit and its approval are mined: their gas is measured a block after the head', async () => {
    // The farm settles by time: in the head's own second there is nothing to settle, once mined there is.
    await own.setBlockInterval(2)
    // A limit of its own: anvil's estimate in the head's second would fall into the same trap.
    const hash = await wallet().writeContract({ address: vault().strategy!, abi: strategyFarmAbi, functionName: 'harvest', chain: own.chain, gas: 2_000_000n })
    expect((await own.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const { body } = await deposit(parseUnits('0.001', 18).toString())
    expect(body.approvals).toHaveLength(1)
    await sendAsServed(body)
  })

  it("right after the base fee jumped to 40 gwei in one block: the suggestion covers the next block's base fee, and the deposit is mined", async () => {
    await own.client.request({ method: 'anvil_setNextBlockBaseFeePerGas', params: [toHex(parseGwei('40'))] } as never)
    await own.mine(1)
    const head = await own.client.getBlock()
    expect(head.baseFeePerGas).toBe(parseGwei('40'))
    const { body, headers } = await deposit(parseUnits('0.001', 18).toString())
    // The answer names a block no later than the jump's; its suggestion covers the jump's base fee.
    const named = BigInt(String(headers['x-block-number']))
    expect(named <= head.number).toBe(true)
    expect(BigInt(body.maxFeePerGas!)).toBeGreaterThan(head.baseFeePerGas!)
    // The next base fee by EIP-1559's rule from the head's own figures: twice it, plus the tip, is the cap.
    const target = head.gasLimit / 2n
    const next = head.baseFeePerGas! + (head.baseFeePerGas! * (head.gasUsed - target)) / target / 8n
    expect(BigInt(body.maxFeePerGas!)).toBe(2n * next + BigInt(body.maxPriorityFeePerGas!))
    await sendAsServed(body)
  })
})

describe('descriptors a wallet sends as they are, on a chain without EIP-1559', () => {
  let own: OwnChain
  let service: RefresherApp

  beforeAll(async () => {
    own = await startOwnChain({ chainId: LEGACY_CHAIN, specOf: 56, anvilArgs: ['--base-fee', '0'] })
    service = await refresherApp({ chains: [own.chainConfig], registry: own.registry })
  }, 60_000)
  afterAll(async () => {
    await service?.close()
    await own?.stop()
  })

  it("a deposit and its approval carry the node's gas price and no EIP-1559 fields, and viem sends them as served, mined as legacy transactions at that price", async () => {
    const history = await own.client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50] })
    expect(history.baseFeePerGas.every((fee) => fee === 0n)).toBe(true)
    const gasPrice = await own.client.getGasPrice()
    expect(gasPrice).toBeGreaterThan(0n)
    const user = privateKeyToAccount(own.manifest.accounts[3]!.privateKey as Hex).address
    const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const answer = await post(service.app, `/yield/${vault.address}/tx/deposit`, { user, amount: parseUnits('0.001', 18).toString(), chainId: LEGACY_CHAIN })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const tx = answer.body as TxDescriptor
    expect(tx.approvals).toHaveLength(1)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: user })
    for (const step of [...(tx.approvals ?? []), tx]) {
      expect(step).toMatchObject({ type: 'legacy', gasPrice: gasPrice.toString() })
      expect(step).not.toHaveProperty('maxFeePerGas')
      expect(step).not.toHaveProperty('maxPriorityFeePerGas')
      const hash = await wallet.sendTransaction(step as never)
      const receipt = await own.client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.type).toBe('legacy')
      expect((await own.client.getTransaction({ hash })).gasPrice).toBe(gasPrice)
    }
  })
})
