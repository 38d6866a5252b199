print("curlew")
