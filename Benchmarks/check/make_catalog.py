#!/usr/bin/env python3
"""Writes a generated Xcode string catalog (.xcstrings) for the check benchmark: KEYS keys, each
translated into the 19 languages below, titles of one to four pseudo-words in each language's
letters (seeded, nearly all distinct).

Usage: make_catalog.py KEYS OUTPUT   (seeded: the same catalogue on every run)
"""
import json
import random
import sys

# The letters of each language's words: titles are made of pseudo-words drawn from them, so that
# nearly every title is distinct (as in a real catalogue) and every one needs shaping.
LETTERS = {
    "en": "abcdefghijklmnopqrstuvwxyz",
    "de": "abcdefghijklmnopqrstuvwxyzäöüß",
    "fr": "abcdefghijklmnopqrstuvwxyzéèàçêô",
    "es": "abcdefghijklmnopqrstuvwxyzñáéíóú",
    "it": "abcdefghijklmnopqrstuvwxyzàèìòù",
    "pt-BR": "abcdefghijklmnopqrstuvwxyzãõçáéê",
    "nl": "abcdefghijklmnopqrstuvwxyzij",
    "sv": "abcdefghijklmnopqrstuvwxyzåäö",
    "da": "abcdefghijklmnopqrstuvwxyzæøå",
    "fi": "abcdefghijklmnopqrstuvwxyzäö",
    "nb": "abcdefghijklmnopqrstuvwxyzæøå",
    "pl": "abcdefghijklmnopqrstuvwxyząćęłńóśźż",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "el": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ",
    "tr": "abcçdefgğhıijklmnoöprsştuüvyz",
    "ja": "あいうえおかきくけこさしすせそたちつてとなにぬねのアイウエオカキクケコ設定写真通知一般戻",
    "zh-Hans": "设置收件箱照片账户隐私通知通用返回个人资料信息消息下载图书馆帐号",
    "ko": "설정받은편지함사진계정개인정보알림일반뒤로프로필메시지다운로드",
}
CJK = {"ja", "zh-Hans"}


def word(rng, language):
    letters = LETTERS[language]
    length = rng.randint(2, 4) if language in CJK or language == "ko" else rng.randint(3, 11)
    text = "".join(rng.choice(letters) for _ in range(length))
    return text if language in CJK else text.capitalize()


def main(keys, output):
    rng = random.Random(733)
    strings = {}
    for number in range(keys):
        localizations = {}
        count = rng.choice([1, 1, 1, 2, 2, 3, 4])
        for language in LETTERS:
            picked = [word(rng, language) for _ in range(count)]
            title = ("" if language in CJK else " ").join(picked)
            localizations[language] = {"stringUnit": {"state": "translated", "value": title}}
        strings[f"screen{number}.title"] = {"localizations": localizations}
    with open(output, "w", encoding="utf-8") as file:
        json.dump({"sourceLanguage": "en", "version": "1.0", "strings": strings}, file, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
