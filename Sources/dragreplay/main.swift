print("dragreplay")
