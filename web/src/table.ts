/* The page's tables: on a wide screen every column; on a phone the key ones, the rest a tap away. */

/** A table row: its cells in the header's order, the data attributes it carries, the columns that align right. */
export interface Row {
  cells: (string | Node)[]
  data?: Record<string, string>
  numeric?: number[]
}

/**
 * Builds a table from a header row and rows of cells. `key` names the columns a phone shows (the
 * name, the chain, the rate, the value): the others are hidden there (style.css) and each row ends
 * with a button that opens them under it, as a list of their headers and figures.
 */
export function fill(table: HTMLTableElement, head: string[], rows: Row[], { key }: { key: number[] }): void {
  table.replaceChildren()
  const more = (cell: HTMLTableCellElement, index: number) => {
    if (!key.includes(index)) cell.classList.add('more')
  }
  const header = table.createTHead().insertRow()
  for (const [index, title] of head.entries()) {
    const th = document.createElement('th')
    th.scope = 'col'
    th.textContent = title
    more(th, index)
    header.append(th)
  }
  const toggleHead = document.createElement('th')
  toggleHead.className = 'toggle'
  toggleHead.scope = 'col'
  toggleHead.append(hiddenText('details'))
  header.append(toggleHead)
  const body = table.createTBody()
  for (const row of rows) {
    const tr = body.insertRow()
    Object.assign(tr.dataset, row.data ?? {})
    row.cells.forEach((cell, index) => {
      const td = tr.insertCell()
      if (row.numeric?.includes(index)) td.classList.add('num')
      more(td, index)
      td.append(cell)
    })
    const toggle = tr.insertCell()
    toggle.className = 'toggle'
    toggle.append(toggleButton(tr, head, key))
  }
}

/** The row's button: opens (and closes) a row under it listing the columns a phone hides. */
function toggleButton(tr: HTMLTableRowElement, head: string[], key: number[]): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = '▸'
  button.setAttribute('aria-expanded', 'false')
  button.setAttribute('aria-label', `More about ${tr.cells[0]?.textContent ?? 'this row'}`)
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') === 'true'
    button.setAttribute('aria-expanded', String(!open))
    button.textContent = open ? '▸' : '▾'
    if (open) {
      tr.nextElementSibling?.remove()
      return
    }
    const list = document.createElement('dl')
    for (const [index, title] of head.entries()) {
      if (key.includes(index)) continue
      const [dt, dd] = [document.createElement('dt'), document.createElement('dd')]
      dt.textContent = title
      // A copy: the cell itself stays in its column for a wider screen.
      dd.append(...[...tr.cells[index]!.childNodes].map((node) => node.cloneNode(true)))
      list.append(dt, dd)
    }
    const detail = document.createElement('tr')
    detail.className = 'detail'
    const cell = detail.insertCell()
    cell.colSpan = head.length + 1
    cell.append(list)
    tr.after(detail)
  })
  return button
}

/** Text read by a screen reader and not shown. */
function hiddenText(text: string): HTMLElement {
  const span = document.createElement('span')
  span.className = 'visually-hidden'
  span.textContent = text
  return span
}
