/** Accessible tabs: a tablist of buttons (arrow keys move between them) and one visible panel. */
import { h, uid } from './dom.js';

export interface Tab {
  label: string;
  panel: HTMLElement;
  /** Called each time the tab is shown. */
  onShow?: () => void;
}

/** Tabs labelled `name`; returns the element and a function to show tab `index`. */
export function tabs(name: string, items: Tab[]): { element: HTMLElement; show: (index: number) => void } {
  const buttons: HTMLButtonElement[] = [];
  const show = (index: number) => {
    items.forEach((item, i) => {
      const selected = i === index;
      buttons[i]?.setAttribute('aria-selected', String(selected));
      buttons[i]?.setAttribute('tabindex', selected ? '0' : '-1');
      item.panel.hidden = !selected;
    });
    items[index]?.onShow?.();
  };
  const list = h('div', { role: 'tablist', 'aria-label': name, class: 'tablist' });
  items.forEach((item, index) => {
    const tabId = uid('tab');
    const panelId = item.panel.id || uid('panel');
    item.panel.id = panelId;
    item.panel.setAttribute('role', 'tabpanel');
    item.panel.setAttribute('aria-labelledby', tabId);
    const button = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: tabId,
        'aria-controls': panelId,
        onclick: () => show(index),
        onkeydown: (event: Event) => {
          const key = (event as KeyboardEvent).key;
          if (key !== 'ArrowRight' && key !== 'ArrowLeft') return;
          const next = (index + (key === 'ArrowRight' ? 1 : items.length - 1)) % items.length;
          show(next);
          buttons[next]?.focus();
        },
      },
      item.label,
    );
    buttons.push(button);
    list.appendChild(button);
  });
  const element = h('div', { class: 'tabs' }, list, ...items.map((item) => item.panel));
  show(0);
  return { element, show };
}
