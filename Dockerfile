# A small image that runs the bot as a non-root user. A SQLite database lives in /data: mount a volume there
# (`docker run -v scotland-yard-data:/data`, README); compose.yaml puts the games on PostgreSQL instead. No VOLUME
# line: under Compose it would leave an anonymous volume behind that nothing uses.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SY_DATABASE=/data/scotland-yard.sqlite3 \
    SY_HEALTH_FILE=/tmp/scotland-yard-bot.alive
COPY pyproject.toml setup.py MANIFEST.in README.md /src/
COPY bot /src/bot
COPY boards /src/boards
COPY migrations /src/migrations
RUN pip install /src && rm -rf /src \
    && useradd --create-home --uid 10001 sy \
    && mkdir /data && chown sy /data
USER sy
WORKDIR /data
# Healthy while the heartbeat (once a minute, with Discord connected and the database writable) is fresh.
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 CMD ["scotland-yard-bot", "health"]
CMD ["scotland-yard-bot", "run"]
