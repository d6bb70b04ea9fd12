//! Slots of finished requests keep their KV cache and the token ids it holds,
//! so that a request whose prompt starts the same way (the next turn of a
//! conversation, a shared system prompt) prefills only what is new. Parked
//! slots are handed out again best match first, else empty slots, else the
//! least recently used.

/// One parked slot: positions `0..tokens.len()` of `slot` hold `tokens`.
#[derive(Debug, Clone)]
struct Entry {
    slot: usize,
    tokens: Vec<u32>,
    used: u64,
}

/// The parked slots of one set of graphs.
#[derive(Debug, Default)]
pub struct PrefixCache {
    entries: Vec<Entry>,
    clock: u64,
    /// The window of sliding-window layers whose caches are rings (see `emitter::RingCache`).
    ring: Option<usize>,
    /// Linear-attention layers keep one state per slot that holds its whole sequence (see
    /// `emitter::StateCache`): a parked slot gives a new request all its tokens or nothing.
    states: bool,
}

/// A slot for a new request and how many of its prompt tokens it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub slot: usize,
    pub cached: usize,
}

impl PrefixCache {
    /// A cache for graphs whose sliding-window layers keep rings of `ring` positions, and
    /// whose linear-attention layers keep recurrent `states`.
    pub fn new(ring: Option<usize>, states: bool) -> PrefixCache {
        PrefixCache {
            ring,
            states,
            ..PrefixCache::default()
        }
    }

    /// How many of `shared` leading tokens of `entry` a new request can reuse. A ring of W
    /// positions that held `n` tokens still holds the W positions before `p` only if nothing
    /// past them overwrote one: `n <= max(W, p + 1)`. Otherwise nothing is reusable, as a
    /// shorter prefix only needs older positions. A recurrent state is the state after all
    /// `n` tokens: it serves only a request that shares all of them.
    fn reusable(&self, entry: &Entry, shared: usize) -> usize {
        match self.ring {
            Some(w) if entry.tokens.len() > w.max(shared + 1) => 0,
            _ if self.states && shared != entry.tokens.len() => 0,
            _ => shared,
        }
    }

    /// Keeps `slot`'s cache of `tokens` for later requests.
    pub fn park(&mut self, slot: usize, tokens: Vec<u32>) {
        self.forget(slot);
        if tokens.is_empty() {
            return;
        }
        self.clock += 1;
        self.entries.push(Entry {
            slot,
            tokens,
            used: self.clock,
        });
    }

    /// `slot`'s cache is being overwritten.
    pub fn forget(&mut self, slot: usize) {
        self.entries.retain(|e| e.slot != slot);
    }

    /// Whether `slot` holds a parked cache.
    pub fn holds(&self, slot: usize) -> bool {
        self.entries.iter().any(|e| e.slot == slot)
    }

    /// A slot that is neither parked nor `busy`.
    pub fn empty_slot(&self, slots: usize, busy: impl Fn(usize) -> bool) -> Option<usize> {
        (0..slots).find(|&s| !busy(s) && !self.holds(s))
    }

    /// Where to move `slot`'s parked cache when `slot` is needed: an empty
    /// slot, else the least recently used parked slot if it is older.
    /// `None` when `slot`'s cache is the one to lose.
    pub fn refuge(&self, slot: usize, slots: usize, busy: impl Fn(usize) -> bool) -> Option<usize> {
        let own = self.entries.iter().find(|e| e.slot == slot)?.used;
        if let Some(empty) = self.empty_slot(slots, |s| s == slot || busy(s)) {
            return Some(empty);
        }
        self.entries
            .iter()
            .filter(|e| e.slot != slot && e.used < own)
            .min_by_key(|e| e.used)
            .map(|e| e.slot)
    }

    /// `from`'s cache was copied to `to`.
    pub fn relocate(&mut self, from: usize, to: usize) {
        self.forget(to);
        if let Some(entry) = self.entries.iter_mut().find(|e| e.slot == from) {
            entry.slot = to;
        }
    }

    /// Drops every entry (the caches can no longer be trusted).
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Picks a slot for `prompt` among the `slots` for which `live` is false:
    /// the parked slot sharing the longest prefix with it, else one holding
    /// nothing, else the least recently parked one. At least the last prompt
    /// token is left to prefill, since its logits give the first token.
    /// `None` when every slot is live.
    pub fn claim(
        &mut self,
        prompt: &[u32],
        slots: usize,
        live: impl Fn(usize) -> bool,
    ) -> Option<Claim> {
        let limit = prompt.len().saturating_sub(1);
        let best = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let shared = shared_prefix(&e.tokens, prompt).min(limit);
                (i, self.reusable(e, shared), e.used)
            })
            .filter(|&(_, shared, _)| shared > 0)
            .max_by_key(|&(_, shared, used)| (shared, used));
        if let Some((i, cached, _)) = best {
            let entry = self.entries.swap_remove(i);
            return Some(Claim {
                slot: entry.slot,
                cached,
            });
        }
        if let Some(slot) = self.empty_slot(slots, &live) {
            return Some(Claim { slot, cached: 0 });
        }
        let (i, _) = self
            .entries
            .iter()
            .enumerate()
            .min_by_key(|(_, e)| e.used)?;
        let entry = self.entries.swap_remove(i);
        Some(Claim {
            slot: entry.slot,
            cached: 0,
        })
    }
}

fn shared_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_match_then_empty_then_least_recent() {
        let mut cache = PrefixCache::default();
        cache.park(0, vec![1, 2, 3, 4]);
        cache.park(1, vec![1, 2, 9]);
        let none_live = |_| false;
        // Longest shared prefix wins; the last prompt token is always left.
        assert_eq!(
            cache.claim(&[1, 2, 3, 4], 4, none_live),
            Some(Claim { slot: 0, cached: 3 })
        );
        assert_eq!(
            cache.claim(&[1, 2, 9, 9, 9], 4, none_live),
            Some(Claim { slot: 1, cached: 3 })
        );
        // No match: an empty slot before evicting anything.
        cache.park(0, vec![5, 6]);
        cache.park(1, vec![7, 8]);
        assert_eq!(
            cache.claim(&[3], 4, |s| s == 2),
            Some(Claim { slot: 3, cached: 0 })
        );
        // No empty slot: the least recently parked goes.
        assert_eq!(
            cache.claim(&[3], 4, |s| s >= 2),
            Some(Claim { slot: 0, cached: 0 })
        );
        assert_eq!(cache.entries.len(), 1);
        assert_eq!(
            cache.claim(&[3], 2, |s| s == 0),
            Some(Claim { slot: 1, cached: 0 })
        );
        assert_eq!(cache.claim(&[3], 2, |_| true), None);
    }

    #[test]
    fn recurrent_states_are_reused_only_whole() {
        let mut cache = PrefixCache::new(None, true);
        cache.park(0, vec![1, 2, 3]);
        let none_live = |_| false;
        // Sharing two of its three tokens: the state after three is of no use.
        assert_eq!(
            cache.claim(&[1, 2, 9, 9], 2, none_live),
            Some(Claim { slot: 1, cached: 0 })
        );
        // A prompt that goes on from all three continues the state.
        assert_eq!(
            cache.claim(&[1, 2, 3, 4], 2, none_live),
            Some(Claim { slot: 0, cached: 3 })
        );
        // The same three tokens as a prompt: the last must be prefilled again for its logits,
        // and the state cannot step back over it.
        cache.park(0, vec![1, 2, 3]);
        assert_eq!(
            cache.claim(&[1, 2, 3], 1, |s| s != 0),
            Some(Claim { slot: 0, cached: 0 })
        );
    }

    #[test]
    fn relocated_caches_are_found_in_their_new_slot() {
        let mut cache = PrefixCache::default();
        cache.park(0, vec![1, 2, 3]);
        cache.park(1, vec![4, 5]);
        assert_eq!(cache.empty_slot(3, |s| s == 2), None);
        assert_eq!(cache.empty_slot(4, |s| s == 2), Some(3));
        cache.relocate(0, 3);
        assert!(!cache.holds(0) && cache.holds(3));
        assert_eq!(
            cache.claim(&[1, 2, 3, 7], 4, |_| false),
            Some(Claim { slot: 3, cached: 3 })
        );
    }

    #[test]
    fn a_needed_slot_keeps_its_cache_unless_it_is_the_oldest() {
        let mut cache = PrefixCache::default();
        cache.park(0, vec![1]);
        cache.park(1, vec![2]);
        cache.park(2, vec![3]);
        // Slot 3 is empty.
        assert_eq!(cache.refuge(1, 4, |_| false), Some(3));
        // No empty slot: the newer cache takes the oldest one's place.
        assert_eq!(cache.refuge(1, 3, |_| false), Some(0));
        assert_eq!(cache.refuge(2, 3, |_| false), Some(0));
        assert_eq!(cache.refuge(0, 3, |_| false), None);
        assert_eq!(cache.refuge(0, 4, |s| s == 3), None);
    }

    #[test]
    fn forgotten_slots_are_not_matched() {
        let mut cache = PrefixCache::default();
        cache.park(2, vec![1, 2, 3]);
        cache.forget(2);
        assert_eq!(
            cache.claim(&[1, 2, 3], 4, |_| false),
            Some(Claim { slot: 0, cached: 0 })
        );
    }

    #[test]
    fn a_ring_gives_a_prefix_only_while_nothing_later_overwrote_it() {
        let none_live = |_| false;
        // Ring of 4: an entry of 3 tokens never wrapped; any shared prefix is intact.
        let mut cache = PrefixCache::new(Some(4), false);
        cache.park(0, vec![1, 2, 3]);
        assert_eq!(
            cache.claim(&[1, 2, 9, 9], 1, none_live),
            Some(Claim { slot: 0, cached: 2 })
        );
        // 6 tokens in a ring of 4: positions 4 and 5 overwrote 0 and 1, which a request
        // sharing 3 tokens still needs; one sharing all but the last token needs 2..4 only.
        cache.park(0, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(
            cache.claim(&[1, 2, 3, 9], 1, none_live),
            Some(Claim { slot: 0, cached: 0 })
        );
        cache.park(0, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(
            cache.claim(&[1, 2, 3, 4, 5, 7], 1, none_live),
            Some(Claim { slot: 0, cached: 5 })
        );
    }
}
