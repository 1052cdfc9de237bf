"""A finished game's review is kept once and read back, on both stores."""

from __future__ import annotations

from storage import NewGame


async def test_a_review_is_kept_once_and_read_back(store):
    game_id = await store.create_game(NewGame(None, 7, "xiangqi", 1, 2, {}, rated=False, seed=1))
    assert await store.load_review(game_id) is None
    await store.save_review(game_id, '{"first": true}')
    await store.save_review(game_id, '{"second": true}')  # a race of two reviews: the first stays
    assert await store.load_review(game_id) == '{"first": true}'
    assert await store.load_review(game_id + 1) is None
