# A small image that runs the bot as a non-root user; the database lives on a volume.
# The code stays in /app (an editable install), so the package finds boards/ and migrations/ beside it.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SY_DATABASE=/data/scotland-yard.sqlite3
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY boards ./boards
COPY migrations ./migrations
RUN pip install -e . \
    && useradd --create-home --uid 10001 sy \
    && mkdir /data && chown sy /data
USER sy
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
