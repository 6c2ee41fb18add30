/**
 * Pictor (form-state-pseudo-classes): the pseudo-classes of form controls'
 * states, as a browser matches them on a page nobody has touched. satori
 * never matched them (its elements aren't interactive), but a control's state
 * here is its markup: `<input type=checkbox checked>` is `:checked` until
 * someone clicks it, and Spectre's docs open their sidebar's section with
 * `.accordion input:checked ~ .accordion-body { max-height: 50rem }`.
 * Interaction states (`:hover`, `:active`…) still never match, but for the
 * focus: Chromium focuses a page's first focusable `autofocus` element as it
 * loads, so `:focus`, `:focus-visible` and `:focus-within` match it (Bulma's
 * login field is drawn with its blue focus border and shadow).
 */

/** What the matcher knows of an element. */
export interface FormStateNode {
  type: string
  props: Record<string, any>
  parent: FormStateNode | null
  children: FormStateNode[]
  text: boolean
}

/** The pseudo-classes answered here. */
export const FORM_STATE_PSEUDO_CLASSES = new Set([
  'checked',
  'disabled',
  'enabled',
  'required',
  'optional',
  'placeholder-shown',
  'read-only',
  'read-write',
  'open',
  'focus',
  'focus-visible',
  'focus-within',
])

const has = (node: FormStateNode, attribute: string) =>
  node.props[attribute] != null && node.props[attribute] !== false

/**
 * Pictor (radio-group-last-checked): whether a checkbox's or radio button's
 * `checked` (or React's `defaultChecked`) holds. The HTML stage marks
 * `data-pictor-unchecked` a radio button whose group has a later checked one:
 * a browser checks only the last, though `[checked]` still matches the others.
 */
export function isChecked(props: Record<string, any> | undefined): boolean {
  const set = (value: unknown) =>
    value !== undefined && value !== null && value !== false
  return (
    (set(props?.checked) || set(props?.defaultChecked)) &&
    !set(props?.['data-pictor-unchecked'])
  )
}

const inputType = (node: FormStateNode) =>
  String(node.props.type ?? 'text').toLowerCase()

/** Elements that can be disabled (HTML's "form-associated" controls). */
const DISABLEABLE = new Set([
  'button',
  'input',
  'select',
  'textarea',
  'optgroup',
  'option',
  'fieldset',
])

/** Input types whose text can be edited, so `:read-write` and `:placeholder-shown` apply. */
const TEXT_INPUTS = new Set([
  'text',
  'search',
  'url',
  'tel',
  'email',
  'password',
  'number',
  'date',
  'month',
  'week',
  'time',
  'datetime-local',
])

const REQUIRABLE = new Set(['input', 'select', 'textarea'])

/**
 * Disabled by its own attribute, or inside a disabled `<fieldset>` (not in its
 * first `<legend>`), as HTML defines it.
 */
function isDisabled(node: FormStateNode): boolean {
  if (!DISABLEABLE.has(node.type)) return false
  if (has(node, 'disabled')) return true
  if (node.type === 'option' && node.parent?.type === 'optgroup') {
    if (has(node.parent, 'disabled')) return true
  }
  let child = node
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'fieldset' && has(parent, 'disabled')) {
      const legend = parent.children.find((c) => c.type === 'legend')
      if (child !== legend) return true
    }
    child = parent
  }
  return false
}

function isReadWrite(node: FormStateNode): boolean {
  if (node.type === 'textarea') {
    return !has(node, 'readonly') && !isDisabled(node)
  }
  if (node.type === 'input') {
    return (
      TEXT_INPUTS.has(inputType(node)) &&
      !has(node, 'readonly') &&
      !isDisabled(node)
    )
  }
  const editable = node.props.contentEditable ?? node.props.contenteditable
  return editable != null && String(editable).toLowerCase() !== 'false'
}

/** Elements `autofocus` can focus (HTML's focusable areas, as far as markup tells). */
function isFocusable(node: FormStateNode): boolean {
  if (node.type === 'input') {
    return inputType(node) !== 'hidden' && !isDisabled(node)
  }
  if (['button', 'select', 'textarea'].includes(node.type)) {
    return !isDisabled(node)
  }
  if (node.type === 'a' && node.props.href != null) return true
  const editable = node.props.contentEditable ?? node.props.contenteditable
  if (editable != null && String(editable).toLowerCase() !== 'false') {
    return true
  }
  return node.props.tabIndex != null || node.props.tabindex != null
}

const focusedByRoot = new WeakMap<FormStateNode, FormStateNode | null>()

/**
 * The element focused as the page loads: its first focusable element with
 * `autofocus`, in tree order (HTML's autofocus candidates), or null.
 */
function focusedElement(node: FormStateNode): FormStateNode | null {
  let root = node
  while (root.parent) root = root.parent
  let focused = focusedByRoot.get(root)
  if (focused === undefined) {
    focused = null
    const visit = (candidate: FormStateNode): boolean => {
      if (has(candidate, 'autofocus') && isFocusable(candidate)) {
        focused = candidate
        return true
      }
      return candidate.children.some(visit)
    }
    visit(root)
    focusedByRoot.set(root, focused)
  }
  return focused
}

/** Whether `node` matches the form state pseudo-class `name` (one of {@link FORM_STATE_PSEUDO_CLASSES}). */
export function matchesFormState(name: string, node: FormStateNode): boolean {
  switch (name) {
    case 'checked':
      if (node.type === 'input') {
        const type = inputType(node)
        return (
          (type === 'checkbox' || type === 'radio') && isChecked(node.props)
        )
      }
      return node.type === 'option' && has(node, 'selected')
    case 'disabled':
      return isDisabled(node)
    case 'enabled':
      return DISABLEABLE.has(node.type) && !isDisabled(node)
    case 'required':
      return REQUIRABLE.has(node.type) && has(node, 'required')
    case 'optional':
      return REQUIRABLE.has(node.type) && !has(node, 'required')
    case 'placeholder-shown': {
      if (!has(node, 'placeholder') || !String(node.props.placeholder)) {
        return false
      }
      if (node.type === 'textarea') return !node.text
      return (
        node.type === 'input' &&
        TEXT_INPUTS.has(inputType(node)) &&
        !String(node.props.value ?? '')
      )
    }
    case 'read-write':
      return isReadWrite(node)
    case 'read-only':
      return !isReadWrite(node)
    case 'focus':
    case 'focus-visible':
      // Chromium matches `:focus-visible` on an element focused as the page
      // loads, a button as well as a text field.
      return focusedElement(node) === node
    case 'focus-within': {
      const focused = focusedElement(node)
      for (let at = focused; at; at = at.parent) if (at === node) return true
      return false
    }
    case 'open':
      return (
        (node.type === 'details' || node.type === 'dialog') && has(node, 'open')
      )
    default:
      return false
  }
}
