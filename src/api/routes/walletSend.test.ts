import { createWalletClient, type Hex, http, parseGwei, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { post } from '../../../test/app.js'
import { confirmOn } from '../../../test/devnet.js'
import { ownService } from '../../../test/ownService.js'
import type { TxDescriptor, UnsignedTx } from '../../schema/index.js'

/** A JSON-RPC quantity, as wallets take fees. */
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/

/**
 * A descriptor a wallet sends as it is: the parsed HTTP body, nothing converted or added, passed to
 * viem's `walletClient.sendTransaction` from a JSON-RPC account (a browser wallet) or from a local
 * account (a bot that signs itself), or to an EIP-1193 provider's `eth_sendTransaction`, is mined at
 * the fees the answer suggested: as an EIP-1559 transaction, also in the block right after the base
 * fee jumped far beyond what one block's rule allows, with no native coin (no `value`) or with some
 * (a native zap's). On a chain without a base fee, it carries the node's gas price and is mined as a
 * legacy transaction at it.
 */
const CHAIN = 31_459
/** A chain without EIP-1559: every block's base fee is 0, as before London. */
const LEGACY_CHAIN = 31_462

describe('descriptors a wallet sends as they are', () => {
  const { own, service } = ownService({ chainId: CHAIN, specOf: 56 })
  const user = () => privateKeyToAccount(own().manifest.accounts[3]!.privateKey as Hex)
  // A JSON-RPC account, as a dApp's browser wallet is: the node (anvil's unlocked dev account) signs.
  const wallet = () => createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: user().address })
  const vault = () => own().manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!

  /** How a dApp or a bot hands a served step to its wallet. */
  type Sender = 'viem, JSON-RPC account' | 'viem, local account' | 'eth_sendTransaction'
  async function send(step: UnsignedTx, sender: Sender): Promise<Hex> {
    if (sender === 'eth_sendTransaction')
      // An EIP-1193 provider (the node, whose dev account is unlocked) given the served object as its one parameter.
      return (await own().client.request({ method: 'eth_sendTransaction', params: [step] } as never)) as Hex
    const account = sender === 'viem, local account' ? user() : user().address
    return createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account }).sendTransaction(step as never)
  }

  /** Sends every step of `tx` exactly as served; each is mined as type 2 at the step's own suggested fees and value. */
  async function sendAsServed(tx: TxDescriptor, sender: Sender = 'viem, JSON-RPC account') {
    for (const step of [...(tx.approvals ?? []), tx]) {
      expect(step).toMatchObject({ maxFeePerGas: expect.stringMatching(QUANTITY), maxPriorityFeePerGas: expect.stringMatching(QUANTITY) })
      expect(step, 'no type: viem and the JSON-RPC name it differently').not.toHaveProperty('type')
      const hash = await send(step, sender)
      const receipt = await confirmOn(own().client, hash)
      expect(receipt.type).toBe('eip1559')
      const sent = await own().client.getTransaction({ hash })
      expect(sent.maxFeePerGas).toBe(BigInt(step.maxFeePerGas!))
      expect(sent.maxPriorityFeePerGas).toBe(BigInt(step.maxPriorityFeePerGas!))
      expect(sent.gas).toBe(BigInt(step.gas))
      expect(sent.value).toBe(BigInt(step.value ?? 0))
    }
  }

  const deposit = async (amount: string) => {
    const answer = await post(service().app, `/yield/${vault().address}/tx/deposit`, { user: user().address, amount, chainId: CHAIN })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer as { body: TxDescriptor; headers: Record<string, unknown> }
  }

  it('a deposit and its approval, sent by viem exactly as served, are mined as type 2 at the suggested fees, with no nested fees object', async () => {
    const { body } = await deposit(parseUnits('0.001', 18).toString())
    expect(body.approvals).toHaveLength(1)
    expect(body).not.toHaveProperty('fees')
    await sendAsServed(body)
  })

  it.each(['viem, local account', 'eth_sendTransaction'] as const)(
    'a deposit with its approval (no value) and a native zap (a value) are mined as served when handed to %s',
    async (sender) => {
      const { body } = await deposit(parseUnits('0.001', 18).toString())
      expect(body.approvals).toHaveLength(1)
      expect(body, 'nothing native sent: no value, which wallets read as 0').not.toHaveProperty('value')
      await sendAsServed(body, sender)
      const zapVault = own().manifest.vaults.find((candidate) => candidate.zap && candidate.zapTokenIn === own().manifest.wrappedNative)!
      const amount = parseUnits('0.25', 18)
      const zap = await post(service().app, `/yield/${zapVault.address}/tx/zap-in-bnb`, {
        user: user().address,
        tokenInAmount: amount.toString(),
        yieldZapAddress: zapVault.zap,
        slippage: 1,
        chainId: CHAIN,
      })
      expect(zap.status, JSON.stringify(zap.body)).toBe(200)
      expect(zap.body.value, 'tokenInAmount as a hex quantity').toBe(toHex(amount))
      await sendAsServed(zap.body as TxDescriptor, sender)
    },
  )

  it('right after a harvest settled the farm in the head block, a deposit and its approval are mined: their gas is measured a block after the head', async () => {
    // The farm settles by time: in the head's own second there is nothing to settle, once mined there is.
    await own().setBlockInterval(2)
    // A limit of its own: anvil's estimate in the head's second would fall into the same trap.
    const hash = await wallet().writeContract({
      address: vault().strategy!,
      abi: strategyFarmAbi,
      functionName: 'harvest',
      chain: own().chain,
      gas: 2_000_000n,
    })
    await confirmOn(own().client, hash)
    const { body } = await deposit(parseUnits('0.001', 18).toString())
    expect(body.approvals).toHaveLength(1)
    await sendAsServed(body)
  })

  it("right after the base fee jumped to 40 gwei in one block: the suggestion covers the next block's base fee, and the deposit is mined", async () => {
    await own().client.request({ method: 'anvil_setNextBlockBaseFeePerGas', params: [toHex(parseGwei('40'))] } as never)
    await own().mine(1)
    const head = await own().client.getBlock()
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
  const { own, service } = ownService({ chainId: LEGACY_CHAIN, specOf: 56, anvilArgs: ['--base-fee', '0'] })

  it("a deposit and its approval carry the node's gas price and no EIP-1559 fields, and viem sends them as served, mined as legacy transactions at that price", async () => {
    const history = await own().client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50] })
    expect(history.baseFeePerGas.every((fee) => fee === 0n)).toBe(true)
    const gasPrice = await own().client.getGasPrice()
    expect(gasPrice).toBeGreaterThan(0n)
    const user = privateKeyToAccount(own().manifest.accounts[3]!.privateKey as Hex).address
    const vault = own().manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const answer = await post(service().app, `/yield/${vault.address}/tx/deposit`, { user, amount: parseUnits('0.001', 18).toString(), chainId: LEGACY_CHAIN })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const tx = answer.body as TxDescriptor
    expect(tx.approvals).toHaveLength(1)
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: user })
    for (const step of [...(tx.approvals ?? []), tx]) {
      expect(step).toMatchObject({ gasPrice: toHex(gasPrice) })
      expect(step).not.toHaveProperty('type')
      expect(step).not.toHaveProperty('maxFeePerGas')
      expect(step).not.toHaveProperty('maxPriorityFeePerGas')
      const hash = await wallet.sendTransaction(step as never)
      const receipt = await confirmOn(own().client, hash)
      expect(receipt.type).toBe('legacy')
      expect((await own().client.getTransaction({ hash })).gasPrice).toBe(gasPrice)
    }
  })
})
