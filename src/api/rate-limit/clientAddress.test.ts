import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { clientKeyOf, namedOncePerConnection } from './clientAddress.js'

/** A request as the naming reads it: its connection's peer and its `X-Forwarded-For`. */
function requestOn(socket: Partial<Socket>, forwarded?: string): IncomingMessage {
  return { socket, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } } as unknown as IncomingMessage
}

describe('client names for rate limits', () => {
  it('counts an IPv4 client on a dual-stack socket as itself and an IPv6 client per /64', () => {
    const keyOf = clientKeyOf(false)
    expect(keyOf(requestOn({ remoteAddress: '::ffff:203.0.113.7' }))).toBe('203.0.113.7')
    expect(keyOf(requestOn({ remoteAddress: '2001:db8:1:2:aaaa::1' }))).toBe(keyOf(requestOn({ remoteAddress: '2001:db8:1:2:bbbb::9' })))
    expect(keyOf(requestOn({ remoteAddress: '2001:db8:1:2::1' }))).not.toBe(keyOf(requestOn({ remoteAddress: '2001:db8:1:3::1' })))
  })

  it('names a connection once, and again only when its X-Forwarded-For changes', () => {
    const named: string[] = []
    const keyOf = namedOncePerConnection((request) => {
      const key = `${request.socket.remoteAddress}|${request.headers['x-forwarded-for'] ?? ''}`
      named.push(key)
      return key
    })
    const balancer = { remoteAddress: '10.0.0.1' }
    const direct = { remoteAddress: '2001:db8::1' }
    for (let request = 0; request < 3; request++) expect(keyOf(requestOn(direct))).toBe('2001:db8::1|')
    expect(keyOf(requestOn(balancer, '203.0.113.7'))).toBe('10.0.0.1|203.0.113.7')
    expect(keyOf(requestOn(balancer, '203.0.113.7'))).toBe('10.0.0.1|203.0.113.7')
    expect(keyOf(requestOn(balancer, '198.51.100.9'))).toBe('10.0.0.1|198.51.100.9')
    expect(keyOf(requestOn(balancer))).toBe('10.0.0.1|')
    expect(named).toEqual(['2001:db8::1|', '10.0.0.1|203.0.113.7', '10.0.0.1|198.51.100.9', '10.0.0.1|'])
  })

  it('behind a trusted balancer, tells apart the clients that share its connection', () => {
    const keyOf = clientKeyOf(1)
    const balancer = { remoteAddress: '10.0.0.1' }
    expect(keyOf(requestOn(balancer, '203.0.113.7'))).toBe('203.0.113.7')
    expect(keyOf(requestOn(balancer, '198.51.100.9'))).toBe('198.51.100.9')
    expect(keyOf(requestOn(balancer, '203.0.113.7'))).toBe('203.0.113.7')
  })
})
