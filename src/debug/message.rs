//! One info-queue message and its severity and category (`D3D11_MESSAGE`).

use std::fmt;

use super::MessageId;

/// How serious a message is (`D3D11_MESSAGE_SEVERITY`, most serious first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Severity {
    /// The application broke the API contract (objects of another device).
    Corruption,
    /// The call was refused, or its result is not what D3D guarantees on every part.
    Error,
    /// Defined, but probably not what was meant (hazards, reads past buffer ends).
    Warning,
    /// Information.
    Info,
    /// Anything else.
    Message,
}

impl Severity {
    /// Every severity, most serious first.
    pub const ALL: [Severity; 5] = [
        Self::Corruption,
        Self::Error,
        Self::Warning,
        Self::Info,
        Self::Message,
    ];

    /// The lower-case word the CLI prints (`error`, `warning`, …).
    pub const fn word(self) -> &'static str {
        match self {
            Self::Corruption => "corruption",
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Info => "info",
            Self::Message => "message",
        }
    }
}

/// What part of the API a message concerns (`D3D11_MESSAGE_CATEGORY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[expect(missing_docs, reason = "the D3D11_MESSAGE_CATEGORY names")]
pub enum Category {
    ApplicationDefined,
    Miscellaneous,
    Initialization,
    Cleanup,
    Compilation,
    StateCreation,
    StateSetting,
    StateGetting,
    ResourceManipulation,
    Execution,
    Shader,
}

impl Category {
    /// The category of a refusal by `call` (a D3D method name): creation, state setting,
    /// resource manipulation or execution.
    pub fn of_call(call: &str) -> Self {
        const RESOURCE: [&str; 7] = [
            "Copy", "Update", "Map", "Unmap", "Clear", "Generate", "Resolve",
        ];
        if call.starts_with("Create") {
            Self::StateCreation
        } else if call.starts_with("Draw") || call.starts_with("Dispatch") {
            Self::Execution
        } else if RESOURCE.iter().any(|p| call.starts_with(p)) {
            Self::ResourceManipulation
        } else if call.contains("Set") {
            Self::StateSetting
        } else if call.contains("Get") {
            Self::StateGetting
        } else {
            Self::Miscellaneous
        }
    }
}

/// One message of the info queue (`D3D11_MESSAGE`), plus the call that raised it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Message {
    /// What the message is about.
    pub id: MessageId,
    /// How serious it is.
    pub severity: Severity,
    /// What part of the API it concerns.
    pub category: Category,
    /// The D3D method that raised it (`Draw`, `OMSetRenderTargets`, …).
    pub call: &'static str,
    /// What happened, naming the rule, the level, the limit and the value where there are some.
    pub text: String,
}

impl Message {
    /// A message with `id`'s default severity and category.
    pub fn new(id: MessageId, call: &'static str, text: impl Into<String>) -> Self {
        Self {
            id,
            severity: id.severity(),
            category: id.category(),
            call,
            text: text.into(),
        }
    }
}

/// `severity[NAME]: Call: text`, one line, the form `tessera render` prints to stderr.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}: {}",
            self.severity.word(),
            self.id.name(),
            self.call,
            self.text
        )
    }
}
