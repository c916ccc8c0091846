//! Recovers the JSON path (`commands[3].draw.vertex_count`) of a serde_json error position by
//! re-scanning the text up to the error's line and column.

enum Frame {
    Object { key: Option<String> },
    Array { index: usize },
}

/// Byte offset of 1-based `line`/`column` in `text` (clamped).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (off + column).min(text.len());
        }
        off += l.len();
    }
    text.len()
}

/// The path of the innermost value containing the position `line:column`.
pub fn path_at(text: &str, line: usize, column: usize) -> String {
    let end = offset_of(text, line, column);
    let bytes = &text.as_bytes()[..end];
    let mut stack: Vec<Frame> = Vec::new();
    let mut expecting_key = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                stack.push(Frame::Object { key: None });
                expecting_key = true;
            }
            b'[' => {
                stack.push(Frame::Array { index: 0 });
                expecting_key = false;
            }
            b'}' | b']' => {
                stack.pop();
                expecting_key = false;
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array { index }) => *index += 1,
                Some(Frame::Object { key }) => {
                    *key = None;
                    expecting_key = true;
                }
                None => {}
            },
            b':' => expecting_key = false,
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != b'"' {
                    if bytes[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
                if expecting_key {
                    if let Some(Frame::Object { key }) = stack.last_mut() {
                        let s = text.get(start..j.min(bytes.len())).unwrap_or("");
                        *key = Some(s.to_owned());
                    }
                    expecting_key = false;
                }
                i = j;
            }
            _ => {}
        }
        i += 1;
    }
    let mut out = String::new();
    for f in &stack {
        match f {
            Frame::Object { key: Some(k) } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Frame::Object { key: None } => break,
            Frame::Array { index } => out.push_str(&format!("[{index}]")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::path_at;

    #[test]
    fn finds_nested_paths() {
        let t =
            "{\n \"commands\": [\n  {\"a\": 1},\n  {\"draw\": {\"vertex_count\": \"x\"}}\n ]\n}";
        assert_eq!(path_at(t, 4, 28), "commands[1].draw.vertex_count");
        assert_eq!(path_at(t, 1, 1), "");
    }
}
