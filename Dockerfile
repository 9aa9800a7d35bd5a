# A small image that runs the bot as a non-root user; the database lives on a volume.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SY_DATABASE=/data/scotland-yard.sqlite3
COPY pyproject.toml setup.py MANIFEST.in README.md /src/
COPY bot /src/bot
COPY boards /src/boards
COPY migrations /src/migrations
RUN pip install /src && rm -rf /src \
    && useradd --create-home --uid 10001 sy \
    && mkdir /data && chown sy /data
USER sy
WORKDIR /data
VOLUME ["/data"]
CMD ["scotland-yard-bot", "run"]
