//! Masks against a brute-force reading of the grammar on a small vocabulary: a token is
//! allowed exactly when the text so far followed by the token's bytes still starts some
//! string of the language, and EOS exactly when the text is in the language.

use super::{Grammar, GrammarCompiler, GrammarError};

/// Single letters, a few multi-letter tokens, two control tokens (never spelled by text) and
/// an id the tokenizer does not know (empty).
fn vocabulary() -> (Vec<Vec<u8>>, Vec<bool>) {
    let words = [
        "<eos>", "<ctl>", "a", "b", "c", "d", "ab", "ba", "abc", "cd", "dd", "x", "y", "1", "2",
        "12", "x1", "2y", "",
    ];
    let special = words.iter().map(|w| w.starts_with('<')).collect();
    (
        words.iter().map(|w| w.as_bytes().to_vec()).collect(),
        special,
    )
}

const EOS: u32 = 0;
const VOCAB: usize = 20;

fn compiler() -> GrammarCompiler {
    let (tokens, special) = vocabulary();
    GrammarCompiler::new(tokens, &special, EOS, VOCAB, None).expect("vocabulary")
}

/// Every string over `alphabet` up to `max` bytes that `regex` matches whole.
fn language(regex: &str, alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
    let re = regex::bytes::Regex::new(&format!("^(?:{regex})$")).unwrap();
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..max {
        let mut next = Vec::new();
        for s in &frontier {
            for &b in alphabet {
                let mut t: Vec<u8> = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all.into_iter().filter(|s| re.is_match(s)).collect()
}

/// Walks the grammar along several paths of allowed tokens, comparing each mask with the
/// brute-force one.
fn check(grammar: Grammar, finite_language: &[Vec<u8>]) {
    let compiler = compiler();
    let (tokens, special) = vocabulary();
    let viable = |text: &[u8]| finite_language.iter().any(|s| s.starts_with(text));
    for path in 0..6u32 {
        let mut constraint = compiler.compile(&grammar).expect("compiles");
        let mut text = Vec::new();
        for step in 0..12u32 {
            let mask = constraint.allowed().expect("mask").clone();
            let mut expected = Vec::new();
            for id in 0..VOCAB as u32 {
                let i = id as usize;
                let allowed = if id == EOS {
                    finite_language.contains(&text)
                } else if i >= tokens.len() || special[i] || tokens[i].is_empty() {
                    false
                } else {
                    let mut t = text.clone();
                    t.extend_from_slice(&tokens[i]);
                    viable(&t)
                };
                if allowed {
                    expected.push(id);
                }
            }
            let got: Vec<u32> = (0..VOCAB as u32).filter(|&t| mask.is_allowed(t)).collect();
            assert_eq!(
                got,
                expected,
                "{grammar:?} after {:?}",
                String::from_utf8_lossy(&text)
            );
            // Follow a different allowed token on each path, EOS last.
            let choices: Vec<u32> = expected.iter().copied().filter(|&t| t != EOS).collect();
            if choices.is_empty() {
                break;
            }
            let token = choices[((path * 7 + step * 3) as usize) % choices.len()];
            constraint
                .advance(token)
                .expect("an allowed token advances");
            text.extend_from_slice(&tokens[token as usize]);
            if constraint.is_finished() {
                assert!(finite_language.contains(&text));
                break;
            }
        }
    }
}

#[test]
fn regex_masks_equal_brute_force() {
    let regex = "(ab|ba|c){1,3}d?";
    check(Grammar::Regex(regex.into()), &language(regex, b"abcd", 7));
}

#[test]
fn lark_masks_equal_brute_force() {
    check(
        Grammar::Lark("start: \"x\" num \"y\"\nnum: /[12]{1,3}/\n".into()),
        &language("x[12]{1,3}y", b"xy12", 5),
    );
}

#[test]
fn applying_a_mask_leaves_only_allowed_logits() {
    let mut constraint = compiler().compile(&Grammar::Regex("ab?".into())).unwrap();
    constraint.prepare().unwrap();
    let mut logits = vec![1.0f32; VOCAB];
    constraint.apply(&mut logits).unwrap();
    let finite: Vec<usize> = (0..VOCAB).filter(|&i| logits[i].is_finite()).collect();
    // "a" and "ab" start the language; EOS does not end an empty text.
    assert_eq!(finite, vec![2, 6]);
    constraint.advance(6).unwrap();
    assert!(constraint.is_finished(), "nothing may follow \"ab\"");
}

#[test]
fn bad_grammars_are_compile_errors() {
    let compiler = compiler();
    for grammar in [
        Grammar::Regex("(".into()),
        Grammar::Lark("start: missing_rule".into()),
        Grammar::JsonSchema(serde_json::json!({"type": "no-such-type"})),
        Grammar::JsonSchema(serde_json::json!([1, 2])),
    ] {
        match compiler.compile(&grammar) {
            Err(GrammarError::Compile(reason)) => assert!(!reason.is_empty()),
            other => panic!("{grammar:?} gave {other:?}"),
        }
    }
}

#[test]
fn a_clone_follows_its_own_tokens() {
    let a = compiler()
        .compile(&Grammar::Regex("(a|b)c".into()))
        .unwrap();
    let mut b = a.clone();
    let mut a = a;
    a.advance(2).unwrap();
    b.advance(3).unwrap();
    assert!(a.allowed().unwrap().is_allowed(4));
    assert!(b.allowed().unwrap().is_allowed(4));
    a.advance(4).unwrap();
    assert!(a.is_finished());
    assert!(!b.is_finished());
}

#[test]
fn a_vocabulary_wider_than_the_logits_is_refused() {
    let (tokens, special) = vocabulary();
    let err = GrammarCompiler::new(tokens, &special, EOS, 4, None).unwrap_err();
    assert!(matches!(err, GrammarError::Vocabulary(_)), "{err}");
}

#[test]
fn a_gated_grammar_waits_for_its_trigger_split_across_tokens() {
    let compiler = compiler();
    let mut constraint = compiler.after(
        compiler.compile(&Grammar::Regex("ab".into())).unwrap(),
        "12",
    );
    // Free before the trigger: "x", then "x1" and "2y" spell "12" across two tokens.
    for token in [11, 16] {
        assert!(constraint.waiting());
        let mask = constraint.allowed().unwrap();
        assert!((0..VOCAB as u32).all(|t| mask.is_allowed(t)));
        let mut logits = vec![0.5f32; VOCAB];
        constraint.apply(&mut logits).unwrap();
        assert!(logits.iter().all(|l| l.is_finite()));
        constraint.advance(token).unwrap();
        assert!(!constraint.is_finished());
    }
    constraint.advance(17).unwrap();
    assert!(!constraint.waiting());
    let allowed: Vec<u32> = (0..VOCAB as u32)
        .filter(|&t| constraint.allowed().unwrap().is_allowed(t))
        .collect();
    assert_eq!(allowed, vec![2, 6], "the grammar starts after the trigger");
    constraint.advance(6).unwrap();
    assert!(constraint.is_finished());
}

#[test]
fn gates_open_in_order_and_the_triggering_token_s_rest_reaches_the_grammar() {
    let compiler = compiler();
    let inner = compiler.after(
        compiler.compile(&Grammar::Regex("yab".into())).unwrap(),
        "2",
    );
    let mut constraint = compiler.after(inner, "x");
    // "2" before "x" opens nothing: the triggers are taken in order.
    constraint.advance(14).unwrap();
    constraint.advance(11).unwrap();
    assert!(constraint.waiting());
    // "2y" ends the second trigger; its "y" is the grammar's first byte.
    constraint.advance(17).unwrap();
    assert!(!constraint.waiting());
    let allowed: Vec<u32> = (0..VOCAB as u32)
        .filter(|&t| constraint.allowed().unwrap().is_allowed(t))
        .collect();
    assert_eq!(
        allowed,
        vec![2, 6],
        "\"y\" was consumed: a or ab comes next"
    );
}
