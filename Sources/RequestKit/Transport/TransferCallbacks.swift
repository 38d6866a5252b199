import CCurl

/// libcurl's write callback: hands a body chunk to the transfer named by the user data.
let transferWriteCallback: ccurl_data_callback = { pointer, size, count, userData in
    guard let pointer, let userData else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: pointer, count: size * count))
}

/// libcurl's header callback: hands one header line to the transfer.
let transferHeaderCallback: ccurl_data_callback = { pointer, size, count, userData in
    guard let pointer, let userData else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: pointer, count: size * count))
}

/// libcurl's read callback: asks the transfer for the next body bytes.
let transferReadCallback: ccurl_data_callback = { pointer, size, count, userData in
    guard let pointer, let userData else { return Int(ccurl_readfunc_abort()) }
    let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.readBody(into: UnsafeMutableRawPointer(pointer), capacity: size * count)
}

/// libcurl's seek callback: rewinds the body.
let transferSeekCallback: ccurl_seek_callback = { userData, offset, origin in
    guard let userData else { return ccurl_seekfunc_cantseek() }
    let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.seekBody(to: Int64(offset), origin: origin)
}

/// libcurl's progress callback: reports bytes moved so far.
let transferProgressCallback: ccurl_xferinfo_callback = { userData, downloadTotal, downloaded, uploadTotal, uploaded in
    guard let userData else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
    return transfer.progressed(downloadTotal: Int64(downloadTotal), downloaded: Int64(downloaded), uploadTotal: Int64(uploadTotal), uploaded: Int64(uploaded))
}

/// libcurl's socket-options callback: tells the transfer which socket its new connection reads from.
let transferSocketCallback: ccurl_sockopt_callback = { userData, socket, _ in
    if let userData {
        Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue().opened(socket: socket)
    }
    return 0
}
