import { parseUnits, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { beefyVaultAbi } from '../../../contracts/artifacts/index.js'
import { post, appOfFile, sendDescriptor } from '../../../test/app.js'
import { devnetChain, fundedAccount, publicClientFor, tokenBalance } from '../../../test/devnet.js'

const CHAIN = 56

const balanceOf = (token: Address, owner: Address) => tokenBalance(CHAIN, token, owner)

const app = appOfFile()

describe('yield validation and errors', () => {
  const vault = () => devnetChain(CHAIN).vaults[0]!
  const user = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

  it.each([
    ['slippage 0', { slippage: 0 }, '/body/slippage'],
    ['slippage above 50', { slippage: 50.5 }, '/body/slippage'],
    ['tokenInAmount with a decimal point', { tokenInAmount: '1.5' }, '/body/tokenInAmount'],
    ['zap address too short', { yieldZapAddress: '0x1234' }, '/body/yieldZapAddress'],
    ['chainId not a number', { chainId: 'bsc' }, '/body/chainId'],
  ])('zap-in with %s is a 400 naming the field', async (_name, change, path) => {
    const body = { user, tokenInAmount: '1000', yieldZapAddress: vault().zap, slippage: 1, chainId: CHAIN, ...change }
    const response = await post(app(), `/yield/${vault().address}/tx/zap-in`, body)
    expect(response.status).toBe(400)
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path)
  })

  it('zap-in-bnb refuses a tokenIn rather than ignore it', async () => {
    const zapVault = devnetChain(CHAIN).vaults.find((candidate) => candidate.zap)!
    const body = { user, tokenInAmount: '1000', yieldZapAddress: zapVault.zap, slippage: 1, chainId: CHAIN, tokenIn: devnetChain(CHAIN).tokens.USDC }
    const response = await post(app(), `/yield/${zapVault.address}/tx/zap-in-bnb`, body)
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual([{ path: '/body/tokenIn', message: expect.stringContaining('native coin') }])
  })

  it('a vault address that is not an address is a 400 on the path', async () => {
    const response = await post(app(), '/yield/0xnot-an-address/tx/deposit', { user, amount: '1', chainId: CHAIN })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'INVALID_ADDRESS', errors: [{ path: '/params/contractAddress' }] })
  })

  it('an unknown vault is a 404 naming the chain', async () => {
    const response = await post(app(), '/yield/0x000000000000000000000000000000000000dEaD/tx/deposit', { user, amount: '1', chainId: CHAIN })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: 'VAULT_NOT_FOUND', detail: 'no vault 0x000000000000000000000000000000000000dEaD is registered on chain 56' })
  })

  it("a harvest sent to a vault's address is a 404 that says it is a vault and names its strategy; an unknown address, that none is registered", async () => {
    const response = await post(app(), `/yield/${vault().address}/tx/harvest`, { user, chainId: CHAIN })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({
      code: 'STRATEGY_NOT_FOUND',
      detail: `${vault().address} is a vault on chain ${CHAIN}, not a strategy: its strategy is ${vault().strategy}; send that address`,
    })
    const unknown = await post(app(), '/yield/0x000000000000000000000000000000000000dEaD/tx/harvest', { user, chainId: CHAIN })
    expect(unknown.body).toMatchObject({
      code: 'STRATEGY_NOT_FOUND',
      detail: 'no strategy 0x000000000000000000000000000000000000dEaD is registered on chain 56',
    })
  })

  it('a chain that is not configured is a 400 listing the configured ones', async () => {
    const response = await post(app(), `/yield/${vault().address}/tx/deposit`, { user, amount: '1', chainId: 137 })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'UNSUPPORTED_CHAIN', errors: [{ path: '/body/chainId' }] })
    expect(response.body.detail).toContain('1, 56, 43114')
  })

  it.each([
    ['both', { tokenAmount: '5', ibtAmount: '5' }, 'both tokenAmount and ibtAmount were given'],
    ['neither', {}, 'neither tokenAmount nor ibtAmount was given'],
    ['only zeros and empty strings', { tokenAmount: '0', ibtAmount: '' }, 'neither tokenAmount nor ibtAmount was given'],
  ])('Y5 with %s amounts is a 400 with the rule', async (_name, amounts, start) => {
    const response = await post(app(), `/yield/${vault().address}/tx/withdraw`, { user, chainId: CHAIN, ...amounts })
    expect(response.status).toBe(400)
    expect(response.body.detail).toBe(`${start}: exactly one of tokenAmount and ibtAmount must be given (absent, "" or "0" counts as not given)`)
  })

  it("a deposit above the user's balance is a 422 INSUFFICIENT_FUNDS with the decoded token error, approvals simulated first", async () => {
    const poor = await fundedAccount(CHAIN)
    // A single-token want (an OpenZeppelin ERC-20, which reverts with a custom error).
    const target = devnetChain(CHAIN).vaults.find((candidate) => Object.values(devnetChain(CHAIN).tokens).includes(candidate.want))!
    const held = await balanceOf(target.want, poor.address)
    const response = await post(app(), `/yield/${target.address}/tx/deposit`, { user: poor.address, amount: (held + 1n).toString(), chainId: CHAIN })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS')
    expect(response.body.revert).toMatchObject({ name: 'ERC20InsufficientBalance' })
    expect(response.body.detail).toContain(`holds ${held}`)
  })

  it("an LP deposit above the user's balance says the balance and the shortfall, though the pair's revert names neither", async () => {
    const poor = await fundedAccount(CHAIN)
    // A Uniswap V2 pair as want: its transferFrom fails with the bare 'ds-math-sub-underflow'.
    const target = devnetChain(CHAIN).vaults.find((candidate) => devnetChain(CHAIN).lpTokens.includes(candidate.want))!
    const held = await balanceOf(target.want, poor.address)
    expect(held).toBeGreaterThan(0n)
    const response = await post(app(), `/yield/${target.address}/tx/deposit`, { user: poor.address, amount: (held + 5n).toString(), chainId: CHAIN })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS')
    expect(response.body.revert).toMatchObject({ name: 'Error', args: { message: 'ds-math-sub-underflow' } })
    expect(response.body.detail).toContain(`${poor.address} holds ${held} of ${target.want}, 5 short of the ${held + 5n} it needs`)
  })

  it('a withdrawal by tokenAmount above the position states the shortfall in want, beside the shares', async () => {
    const holder = await fundedAccount(CHAIN)
    const target = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
    const deposited = await post(app(), `/yield/${target.address}/tx/deposit`, { user: holder.address, amount: parseUnits('1', 18).toString(), chainId: CHAIN })
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200)
    await sendDescriptor(holder.account, deposited.body)
    // What the shares are worth, from the vault's own figures (shares × price per full share).
    const client = publicClientFor(CHAIN)
    const shares = await balanceOf(target.address, holder.address)
    const pricePerFullShare = await client.readContract({ address: target.address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    const worth = (shares * pricePerFullShare) / 10n ** 18n
    const asked = parseUnits('2', 18)
    const response = await post(app(), `/yield/${target.address}/tx/withdraw`, { user: holder.address, tokenAmount: asked.toString(), chainId: CHAIN })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe('INSUFFICIENT_FUNDS')
    expect(response.body.detail).toContain(
      `${holder.address} holds ${shares} shares of vault ${target.address}, worth ${worth} of ${target.want}, ${asked - worth} of ${target.want} short of the ${asked} asked for`,
    )
  })

  it('deposit-all for a user without want is a 422, not an empty descriptor', async () => {
    const response = await post(app(), `/yield/${vault().address}/tx/deposit-all`, { user: '0x000000000000000000000000000000000000bEEF', chainId: CHAIN })
    expect(response.status).toBe(422)
    expect(response.body.code).toBe('NOTHING_TO_DO')
  })
})
