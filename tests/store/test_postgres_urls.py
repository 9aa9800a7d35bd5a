"""A server's URL as logs and messages show it: never with its password."""

from bot.store.postgres import shown


def test_a_password_in_the_address_or_in_the_query_is_hidden():
    assert shown("postgresql://bot:s3cret@db.example:5432/sy") == "postgresql://bot:***@db.example:5432/sy"
    assert shown("postgresql://bot@db/sy?sslmode=require&password=s3cret") == \
        "postgresql://bot@db/sy?sslmode=require&password=***"
    assert shown("postgresql://bot@/sy?host=/run/postgresql") == "postgresql://bot@/sy?host=/run/postgresql"
