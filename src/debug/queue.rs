//! The message store of a device (`ID3D11InfoQueue`): a bounded list, storage filters and
//! break-on-severity.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::{Category, Message, MessageId, Severity};

/// D3D11's default message count limit.
pub const DEFAULT_STORAGE_LIMIT: usize = 1024;

/// One side of a storage filter (`D3D11_INFO_QUEUE_FILTER_DESC`): a message matches when its
/// severity, category or ID is listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilterList {
    /// Severities listed.
    pub severities: Vec<Severity>,
    /// Categories listed.
    pub categories: Vec<Category>,
    /// IDs listed.
    pub ids: Vec<MessageId>,
}

impl FilterList {
    fn is_empty(&self) -> bool {
        self.severities.is_empty() && self.categories.is_empty() && self.ids.is_empty()
    }

    fn matches(&self, m: &Message) -> bool {
        self.severities.contains(&m.severity)
            || self.categories.contains(&m.category)
            || self.ids.contains(&m.id)
    }
}

/// A storage filter (`D3D11_INFO_QUEUE_FILTER`): a message is stored when the allow list is
/// empty or matches it, and the deny list does not match it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Messages to keep (empty: all).
    pub allow: FilterList,
    /// Messages to drop, even if allowed.
    pub deny: FilterList,
}

impl Filter {
    /// Whether `m` passes this filter.
    pub fn passes(&self, m: &Message) -> bool {
        (self.allow.is_empty() || self.allow.matches(m)) && !self.deny.matches(m)
    }
}

#[derive(Debug)]
struct State {
    messages: VecDeque<Message>,
    limit: usize,
    discarded: u64,
    filter: Filter,
    break_on: [bool; 5],
}

/// A device's info queue. Clones share the queue. Messages are stored in the order of the
/// calls that raised them, which is program order, so they are the same at any thread count.
#[derive(Clone, Debug)]
pub struct InfoQueue {
    state: Arc<Mutex<State>>,
}

impl InfoQueue {
    /// An empty queue with D3D's default limit, no filter, and break-on set for `break_on`.
    pub(crate) fn new(break_on: &[Severity]) -> Self {
        let mut flags = [false; 5];
        for s in break_on {
            flags[*s as usize] = true;
        }
        Self {
            state: Arc::new(Mutex::new(State {
                messages: VecDeque::new(),
                limit: DEFAULT_STORAGE_LIMIT,
                discarded: 0,
                filter: Filter::default(),
                break_on: flags,
            })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores `m` if it passes the filter (dropping the oldest message when full); returns
    /// whether its severity is set to break, i.e. whether a strict device fails the call.
    pub(crate) fn push(&self, m: Message) -> bool {
        let mut s = self.lock();
        if !s.filter.passes(&m) {
            return false;
        }
        let brk = s.break_on[m.severity as usize];
        if s.limit == 0 {
            s.discarded += 1;
            return brk;
        }
        while s.messages.len() >= s.limit {
            s.messages.pop_front();
            s.discarded += 1;
        }
        s.messages.push_back(m);
        brk
    }

    /// The stored messages, oldest first (`GetMessage` over `GetNumStoredMessages`).
    pub fn messages(&self) -> Vec<Message> {
        self.lock().messages.iter().cloned().collect()
    }

    /// The stored messages, oldest first, and empties the queue.
    pub fn take(&self) -> Vec<Message> {
        self.lock().messages.drain(..).collect()
    }

    /// Number of stored messages.
    pub fn len(&self) -> usize {
        self.lock().messages.len()
    }

    /// Whether no message is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops every stored message (`ClearStoredMessages`).
    pub fn clear(&self) {
        self.lock().messages.clear();
    }

    /// The most messages kept (`SetMessageCountLimit`); older ones are dropped first.
    pub fn set_storage_limit(&self, limit: usize) {
        let mut s = self.lock();
        s.limit = limit;
        while s.messages.len() > limit {
            s.messages.pop_front();
            s.discarded += 1;
        }
    }

    /// The storage limit in force (`GetMessageCountLimit`).
    pub fn storage_limit(&self) -> usize {
        self.lock().limit
    }

    /// Messages dropped because the queue was full (`GetNumMessagesDiscardedByMessageCountLimit`).
    pub fn discarded_by_limit(&self) -> u64 {
        self.lock().discarded
    }

    /// Replaces the storage filter (`PushStorageFilter`; one level).
    pub fn set_storage_filter(&self, filter: Filter) {
        self.lock().filter = filter;
    }

    /// The storage filter in force (`GetStorageFilter`).
    pub fn storage_filter(&self) -> Filter {
        self.lock().filter.clone()
    }

    /// Whether a stored message of `severity` fails the call that raised it
    /// (`SetBreakOnSeverity`: a library cannot break into a debugger, so it returns an error).
    pub fn set_break_on_severity(&self, severity: Severity, on: bool) {
        self.lock().break_on[severity as usize] = on;
    }

    /// The break-on setting of `severity` (`GetBreakOnSeverity`).
    pub fn break_on_severity(&self, severity: Severity) -> bool {
        self.lock().break_on[severity as usize]
    }
}
