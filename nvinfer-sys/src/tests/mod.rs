mod loading;
mod probe;
