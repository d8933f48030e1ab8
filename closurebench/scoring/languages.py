"""The words of an answer in other languages, as data: one row per language, read by the
judge's stages (``commit`` for cues, ``parse`` for yes/no, alternatives and qualms).

Each row lists, in lower case: words and phrases naming *the answer* (a cue like "Answer":
"Antwort: ja", "Réponse : oui", "答案：5", "Respuesta: 3"), words naming *a result* (a weak cue
like "Result": a unit only if it reads as a value), the articles and possessives that may
stand before a cue ("La réponse"), *yes* and *no* where the word is unambiguous as an answer,
the *alternatives* that join two values into a hedge ("4 oder 5", "oui ou non", "3或4") and
the *qualms* that offer a value rather than give it ("vielleicht 4", "peut-être srv-24"), and
the *copulas* between a cue and its value ("La respuesta es 3", "Die Antwort ist ja"), the
*conjunctions* before a list's last item ("Bea, Gus y Vic"), for languages written with
spaces, and phrases saying the answer is still *pending* ("todavía no he terminado").

Left out on purpose, as ambiguous: "si" (Spanish "if", French "yes" only against a negation,
Italian reflexive), Korean "네" ("your", "four"; "예" is kept: standing alone, as an answer
word must, it is "yes", and "example" comes with a particle), Dutch "of" (also the
English word), number words (an article is "one" in French, Spanish and German: "un", "ein").
Scripts written without spaces (Chinese, Japanese) need no word boundary before a cue.
English is here for its yes/no, alternatives and qualms only: its cues have a grammar of their
own (qualifiers, quantities, copulas) in ``commit``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "LANGUAGES",
    "Language",
    "alternatives",
    "answers",
    "articleless_cues",
    "conjunctions",
    "copulas",
    "cues",
    "modifiers",
    "pending",
    "qualms",
    "spaceless",
    "spaceless_copulas",
    "yes_no",
]


class Language(NamedTuple):
    answers: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()
    qualms: tuple[str, ...] = ()
    copulas: tuple[str, ...] = ()
    conjunctions: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()


LANGUAGES: dict[str, Language] = {
    "en": Language(yes=("yes", "true", "affirmative"), no=("no", "false", "negative"),
                   alternatives=("or",),
                   qualms=("maybe", "probably", "possibly", "perhaps", "presumably")),
    "de": Language(("antwort", "endgültige antwort", "finale antwort", "lösung"),
                   ("ergebnis", "endergebnis"), ("die", "meine", "unsere", "richtige",
                                                  "korrekte"),
                   ("ja",), ("nein",), ("oder",), ("vielleicht", "wahrscheinlich"),
                   ("ist", "lautet"),
                   conjunctions=("und",),
                   pending=("noch nicht fertig", "noch nicht abgeschlossen", "warte", "ich ziehe",
                            "nicht sicher")),
    "fr": Language(("réponse", "réponse finale", "reponse", "réponse correcte"),
                   ("résultat", "resultat"), ("la", "ma", "notre", "bonne", "vraie"), ("oui",),
                   ("non",), ("ou",), ("peut-être", "probablement"), ("est",),
                   conjunctions=("et",), pending=("pas encore fini", "pas encore terminé",
                                                  "attendez", "je retire", "pas sûr")),
    "es": Language(("respuesta", "respuesta final", "respuesta correcta", "solución"),
                   ("resultado",), ("la", "mi", "nuestra", "verdadera"), ("sí",), ("no",), ("o",),
                   ("quizás", "quizá", "tal vez", "probablemente"), ("es",),
                   conjunctions=("y", "e"),
                   pending=("no he terminado", "aún no", "todavía no", "espera", "retiro",
                            "no estoy seguro")),
    "it": Language(("risposta", "risposta finale", "risposta corretta", "soluzione"),
                   ("risultato",), ("la", "mia", "giusta", "vera"), ("sì",), ("no",),
                   ("o", "oppure"), ("forse", "probabilmente"), ("è",),
                   conjunctions=("e", "ed"), pending=("non ho ancora finito", "aspetta", "ritiro",
                                                      "non sono sicuro")),
    "pt": Language(("resposta", "resposta final", "resposta correta", "resposta certa",
                    "solução"), ("resultado",), ("a", "minha"),
                   ("sim",), ("não",), ("ou",), ("talvez", "provavelmente"), ("é",),
                   conjunctions=("e",)),
    "nl": Language(("antwoord", "eindantwoord", "oplossing"), ("resultaat", "uitkomst"),
                   ("het", "mijn"), ("ja",), ("nee",), (), ("misschien", "waarschijnlijk"),
                   ("is",),
                   conjunctions=("en",)),
    "ru": Language(("ответ", "итоговый ответ", "окончательный ответ"), ("результат", "итог"),
                   (), ("да",), ("нет",), ("или", "либо"), ("возможно", "наверное", "может быть"),
                   conjunctions=("и",)),
    "zh": Language(("答案", "最终答案", "最後答案", "最后答案", "答"), ("结果", "結果", "最终结果"),
                   (), ("是的", "是"), ("不是", "否"), ("或者", "或", "还是", "還是"),
                   ("也许", "也許", "可能", "大概"), ("为", "為", "是")),
    "ja": Language(("答え", "解答", "最終的な答え", "最終解答"), ("結果",), (), ("はい",),
                   ("いいえ",), ("または", "あるいは"), ("たぶん", "多分", "おそらく"), ("は",)),
    "ko": Language(("정답", "답", "최종 답", "최종 정답"), ("결과",), (), ("예",),
                   ("아니요", "아니오"), ("또는",), ("아마",)),
    "ar": Language(("الإجابة", "الإجابة النهائية", "الجواب", "الجواب النهائي"), ("النتيجة",), (),
                   ("نعم",), ("لا",), ("أو",), ("ربما",), conjunctions=("و",)),
    "hi": Language(("उत्तर", "अंतिम उत्तर", "जवाब"), ("परिणाम",), (), ("हाँ", "हां"), ("नहीं",),
                   ("या",), ("शायद",), conjunctions=("और",)),
    "tr": Language(("cevap", "yanıt", "son cevap", "doğru cevap"), ("sonuç",), (), ("evet",),
                   ("hayır",), ("veya", "ya da"), ("belki", "muhtemelen"), conjunctions=("ve",)),
    "pl": Language(("odpowiedź", "ostateczna odpowiedź", "odpowiedz"), ("wynik",), ("moja",),
                   ("tak",), ("nie",), ("lub", "albo"), ("może", "prawdopodobnie"), ("to",),
                   conjunctions=("i", "oraz")),
    "vi": Language(("đáp án", "câu trả lời", "trả lời"), ("kết quả",), (), ("có",), ("không",),
                   ("hoặc",), ("có lẽ",), ("là",), conjunctions=("và",)),
}
"""One row per language (ISO 639-1)."""


def _all(field: str, skip: str = "") -> tuple[str, ...]:
    words = (w for code, lang in LANGUAGES.items() if code != skip for w in getattr(lang, field))
    return tuple(sorted(dict.fromkeys(words), key=len, reverse=True))  # longest first


def conjunctions() -> tuple[str, ...]:
    """Every other language's "and" between a list's last two items ("Bea, Gus y Vic",
    "Bea, Gus und Vic"), for languages written with spaces, longest first."""
    return _all("conjunctions", "en")


def answers() -> tuple[str, ...]:
    """Every other language's words naming the answer (strong cues), longest first."""
    return _all("answers")


def cues() -> tuple[str, ...]:
    """Every other language's cue words (answers and results), longest first."""
    return tuple(sorted(dict.fromkeys(_all("answers") + _all("results")), key=len,
                        reverse=True))


def articleless_cues() -> frozenset[str]:
    """The cue words of languages without articles ("Đáp án là 3"): a copula after them
    needs no determiner before them, as "the answer is" does in English."""
    return frozenset(w for lang in LANGUAGES.values() if not lang.articles
                     for w in (*lang.answers, *lang.results))


def modifiers() -> tuple[str, ...]:
    """Every other language's words that may stand before a cue."""
    return _all("articles")


def copulas() -> tuple[str, ...]:
    """Every other language's copulas between its cue and the value ("La respuesta es 3",
    "Die Antwort ist ja"), for languages written with spaces, longest first."""
    return tuple(w for w in _all("copulas") if not spaceless(w[0]))


def spaceless_copulas() -> tuple[str, ...]:
    """The copulas of scripts written without spaces ("最终答案为3", "答えは3"): no word
    boundary around them, longest first."""
    return tuple(w for w in _all("copulas") if spaceless(w[0]))


def yes_no() -> dict[str, bool]:
    """Every yes and no word, of every language, and what it answers."""
    out: dict[str, bool] = {}
    for lang in LANGUAGES.values():
        out.update(dict.fromkeys(lang.yes, True))
        out.update(dict.fromkeys(lang.no, False))
    return out


def alternatives() -> tuple[str, ...]:
    """Every language's words joining two values as alternatives, longest first."""
    return _all("alternatives")


def pending() -> tuple[str, ...]:
    """Every other language's phrases saying the answer is not given, or not yet ("todavía no
    he terminado", "attendez — je retire cette réponse"), longest first; English's are
    ``commit._PENDING``."""
    return _all("pending")


def qualms() -> tuple[str, ...]:
    """Every language's words offering a value instead of giving it, longest first."""
    return _all("qualms")


def spaceless(ch: str) -> bool:
    """A character of a script written without spaces between words (CJK, kana)."""
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"
