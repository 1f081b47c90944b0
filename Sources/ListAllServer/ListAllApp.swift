enum ListAllServerModule {}
