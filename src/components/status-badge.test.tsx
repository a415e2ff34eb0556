import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('carries its meaning in words, with the tone as a class', () => {
    render(<StatusBadge tone="danger">Overdue</StatusBadge>);
    expect(screen.getByText('Overdue')).toHaveClass('badge', 'badge-danger');
  });
});
