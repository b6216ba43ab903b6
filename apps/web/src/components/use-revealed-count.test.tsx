import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count.ts';

function List({ total, slice }: { total: number; slice: number }) {
  const revealed = useRevealedCount(total, slice);
  return <p data-testid="revealed">{revealed}</p>;
}

describe('useRevealedCount', () => {
  it('draws one slice first, then the rest slice by slice until every item is there', async () => {
    const seen: number[] = [];
    function Recorder() {
      const revealed = useRevealedCount(20, 8);
      seen.push(revealed);
      return <p data-testid="revealed">{revealed}</p>;
    }
    render(<Recorder />);
    expect(seen[0]).toBe(8);
    expect(await screen.findByText('20')).toBeInTheDocument();
    expect([...new Set(seen)]).toEqual([8, 16, 20]);
  });

  it('never reports more than there are, and grows again when more arrive', async () => {
    const { rerender } = render(<List total={3} slice={8} />);
    expect(screen.getByTestId('revealed')).toHaveTextContent('3');
    await act(async () => rerender(<List total={30} slice={8} />));
    expect(await screen.findByText('30')).toBeInTheDocument();
  });
});
