import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import { ApiGuidePage } from './ApiGuidePage';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the API guide page', () => {
  it('renders docs/api.md: sections with anchors, tables, code, and no Markdown left raw', () => {
    renderApp(<ApiGuidePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'API для разработчиков' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Signing a request' }).id).toBe('signing-a-request');
    expect(screen.getByRole('heading', { name: 'Operations a key may call' })).toBeTruthy();
    expect(document.querySelectorAll('table').length).toBeGreaterThan(4);
    const code = [...document.querySelectorAll('pre code')].map((c) => c.textContent ?? '');
    expect(code.join('\n')).toContain('p2p() {');
    const prose = [...document.querySelectorAll('.md p, .md li, .md td')].map((e) => e.textContent ?? '');
    expect(prose.filter((text) => /\*\*|`|\]\(/.test(text))).toEqual([]);
    expect(screen.getByRole('link', { name: 'Схема OpenAPI' }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByRole('link', { name: 'Operations a key may call' }).getAttribute('href')).toBe(
      '#operations-a-key-may-call',
    );
  });
});
