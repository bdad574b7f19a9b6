import type { Flag, Json } from './answers.js'

/* What the page's sections share: formatting, fetching, tables, notes and sparklines. */

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 })
export const usdShort = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 })
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const DAY_MS = 86_400_000
export const RANGES: Record<string, number> = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS }

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init)
  const body = await response.json()
  if (!response.ok) throw new Error((body as Json).detail as string)
  return body as T
}

/** A figure with the note that explains it (why it is missing, or what it stands for) shown on hover and kept in `data-note`. */
export function noted(text: string, note: string | undefined): Node {
  const span = document.createElement('span')
  span.textContent = note ? `${text} *` : text
  if (note) {
    span.title = note
    span.dataset.note = note
  }
  return span
}

/** `cell`, marked when `flags` flag its `field`: a sign after it, the kinds in `data-flags`, the details on hover. */
export function flagged(cell: string | Node, flags: Flag[] | undefined, field: string): string | Node {
  const mine = flags?.filter((flag) => flag.field === field) ?? []
  if (mine.length === 0) return cell
  const span = document.createElement('span')
  span.className = 'flagged'
  span.dataset.flags = mine.map((flag) => flag.kind).join(' ')
  span.title = mine.map((flag) => `${flag.kind}: ${flag.detail}`).join('\n')
  span.append(cell, ' ⚠')
  return span
}

export function failed(section: HTMLElement, error: unknown): void {
  const note = document.createElement('p')
  note.className = 'bad'
  note.textContent = `Could not load: ${(error as Error).message}`
  section.append(note)
}

/** An inline SVG line of APR points: a sparkline. */
export function sparkline(values: number[]): Node {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  svg.setAttribute('width', '80')
  svg.setAttribute('height', '20')
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', values.length ? `APR history, ${values.length} points` : 'no APR history yet')
  if (values.length > 1) {
    const [min, max] = [Math.min(...values), Math.max(...values)]
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline')
    line.setAttribute(
      'points',
      values.map((value, index) => `${(index / (values.length - 1)) * 78 + 1},${19 - ((value - min) / (max - min || 1)) * 18}`).join(' '),
    )
    line.setAttribute('fill', 'none')
    line.setAttribute('stroke', '#0b5cad')
    svg.append(line)
  }
  return svg
}
