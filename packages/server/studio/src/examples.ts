/** Starting points for a new template: a blank card and the repository's example templates with their sample values. */
import certificate from '../../../../examples/templates/certificate.json';
import certificateValues from '../../../../examples/templates/certificate.variables.json';
import eventCard from '../../../../examples/templates/event-card.json';
import eventCardValues from '../../../../examples/templates/event-card.variables.json';
import quoteCard from '../../../../examples/templates/quote-card.json';
import quoteCardValues from '../../../../examples/templates/quote-card.variables.json';
import socialCard from '../../../../examples/templates/social-card.json';
import socialCardValues from '../../../../examples/templates/social-card.variables.json';
import type { ImageFormat, VariableDefinition } from './api.js';

export interface Starter {
  key: string;
  label: string;
  content: string;
  variables: Record<string, VariableDefinition>;
  width: number;
  height: number;
  format: ImageFormat;
  /** Named sizes, previewed side by side. */
  variants?: Record<string, { width: number; height: number }>;
  /** Sample values to start the preview with. */
  values: Record<string, unknown>;
}

const BLANK: Starter = {
  key: 'blank',
  label: 'Blank card (1200×630)',
  content: [
    '<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;',
    '  padding:72px;background:linear-gradient(135deg,#0f172a,#1e3a8a);color:#f8fafc;font-family:Inter">',
    '  <h1 style="font-size:72px;line-height:1.1;margin:0">{{title}}</h1>',
    '  <p style="font-size:32px;color:#cbd5e1;margin:24px 0 0">{{subtitle}}</p>',
    '</div>',
  ].join('\n'),
  variables: {
    title: { type: 'string', required: true, maxLength: 80, default: 'Hello from Pictor' },
    subtitle: { type: 'string', maxLength: 140, default: 'Edit the HTML on the left; the preview follows.' },
  },
  width: 1200,
  height: 630,
  format: 'png',
  values: {},
};

interface ExampleFile {
  id?: string;
  name: string;
  content: string;
  variables?: Record<string, VariableDefinition>;
  width: number;
  height: number;
  format?: ImageFormat;
  variants?: Record<string, { width: number; height: number }>;
}

function fromExample(file: ExampleFile, values: Record<string, unknown>): Starter {
  return {
    key: file.id ?? file.name,
    label: file.name,
    content: file.content,
    variables: file.variables ?? {},
    width: file.width,
    height: file.height,
    format: file.format ?? 'png',
    ...(file.variants ? { variants: file.variants } : {}),
    values,
  };
}

/** Every starting point, the blank card first. */
export const STARTERS: readonly Starter[] = [
  BLANK,
  fromExample(socialCard as ExampleFile, socialCardValues),
  fromExample(quoteCard as ExampleFile, quoteCardValues),
  fromExample(eventCard as ExampleFile, eventCardValues),
  fromExample(certificate as ExampleFile, certificateValues),
];
