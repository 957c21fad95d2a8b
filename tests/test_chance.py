"""referee.play.chance makes the standard library's draws: the same results, the generator left the same."""

from __future__ import annotations

import random

import pytest

from referee.play import chance


@pytest.mark.parametrize("seed", range(40))
def test_shuffle_is_the_standard_librarys(seed):
    for length in (0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 108, 200):
        ours, theirs = random.Random(seed * 1000 + length), random.Random(seed * 1000 + length)
        mine, stdlib = list(range(length)), list(range(length))
        chance.shuffle(ours, mine)
        theirs.shuffle(stdlib)
        assert mine == stdlib
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_below_and_choice_are_randrange_and_choice(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 100, 108, 2**31 - 1, 2**40 + 3):
        assert chance.below(ours, n) == theirs.randrange(n)
        items = list(range(n % 50 + 1))
        assert chance.choice(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_an_empty_sequence_has_no_choice():
    with pytest.raises(IndexError):
        chance.choice(random.Random(1), [])


class Counting(random.Random):
    """A generator of its own class: its own methods are asked."""

    def __init__(self, seed):
        super().__init__(seed)
        self.asked = []

    def shuffle(self, x):
        self.asked.append("shuffle")
        x.reverse()

    def randrange(self, *args):
        self.asked.append("randrange")
        return 0


def test_another_generator_class_is_asked_its_own_way():
    rng, items = Counting(1), [1, 2, 3]
    chance.shuffle(rng, items)
    assert items == [3, 2, 1]
    assert chance.below(rng, 10) == 0
    assert chance.choice(rng, "abc") == "a"
    assert rng.asked == ["shuffle", "randrange", "randrange"]
